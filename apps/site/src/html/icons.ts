/** Small inline SVGs: decorative only (hidden from assistive tech), so no image requests and no alt text needed. */

const CHEVRONS_PATH = 'M8 13l8-5 8 5M8 19l8-5 8 5M8 25l8-5 8 5';

/** The Muster mark: three rank chevrons on a navy tile. Same drawing as public/favicon.svg. */
export function renderLogoMark(className: string): string {
  return `<svg class="${className}" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#162238"/><path d="${CHEVRONS_PATH}" fill="none" stroke="#d6c7a1" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

export function renderCheckIcon(className: string): string {
  return `<svg class="${className}" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}
