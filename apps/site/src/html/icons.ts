/** Small inline SVGs: decorative only (hidden from assistive tech), so no image requests and no alt text needed. */

const CHEVRONS_PATH = 'M8 13l8-5 8 5M8 19l8-5 8 5M8 25l8-5 8 5';

/** The Muster mark: three rank chevrons on a navy tile. Same drawing as public/favicon.svg. */
export function renderLogoMark(className: string): string {
  return `<svg class="${className}" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#162238"/><path d="${CHEVRONS_PATH}" fill="none" stroke="#d6c7a1" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

export function renderCheckIcon(className: string): string {
  return `<svg class="${className}" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

/** The home page's feature icons: 24-unit outline drawings in the current text colour. */
const FEATURE_ICONS = {
  statement:
    '<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z"/><path d="M14 3v6h6M8 13h8M8 17h5"/>',
  'mental-health':
    '<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"/>',
  letter: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>',
  people:
    '<circle cx="9" cy="8" r="3"/><path d="M3 20a6 6 0 0 1 12 0"/><circle cx="17" cy="9" r="2.5"/><path d="M16.5 14.5A5 5 0 0 1 21 20"/>',
  vault: '<rect x="4" y="10" width="16" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 8 0v3"/>',
  assistant: '<path d="M4 5h16v11H9l-5 4z"/><path d="M8 9h8M8 12h5"/>',
} as const;

function isFeatureIcon(name: string): name is keyof typeof FEATURE_ICONS {
  return Object.hasOwn(FEATURE_ICONS, name);
}

/**
 * An icon by name, for pages: `check` or one of the feature icons. An unknown name throws, so a
 * misspelt icon fails the build.
 */
export function renderIcon(name: string, className: string): string {
  if (name === 'check') return renderCheckIcon(className);
  if (!isFeatureIcon(name)) throw new Error(`Unknown icon "${name}".`);
  return `<svg class="${className}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${FEATURE_ICONS[name]}</svg>`;
}
