/**
 * jsdom has no `matchMedia`. This fake answers `(prefers-color-scheme: dark)` from a switch that
 * tests flip with `setSystemPrefersDark`, notifying listeners like a real OS change would.
 */
type Listener = (event: MediaQueryListEvent) => void;

let prefersDark = false;
let isMobileViewport = false;
const listeners = new Set<{ query: string; listener: Listener }>();

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return prefersDark;
  // The mobile query, `(max-width: 767px)`.
  if (query.includes('max-width')) return isMobileViewport;
  return false;
}

export function installMatchMedia() {
  prefersDark = false;
  isMobileViewport = false;
  listeners.clear();
  window.matchMedia = (query: string): MediaQueryList => {
    const list = {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add({ query, listener }),
      removeEventListener: (_type: string, listener: Listener) => {
        for (const entry of listeners) if (entry.listener === listener) listeners.delete(entry);
      },
      addListener: (listener: Listener) => listeners.add({ query, listener }),
      removeListener: (listener: Listener) => {
        for (const entry of listeners) if (entry.listener === listener) listeners.delete(entry);
      },
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };
}

export function setSystemPrefersDark(value: boolean) {
  prefersDark = value;
  for (const { query, listener } of [...listeners]) {
    listener({ matches: matches(query), media: query } as MediaQueryListEvent);
  }
}

/** A phone-sized viewport (below 768 px) or not; notifies listeners like a resize would. */
export function setMobileViewport(value: boolean) {
  isMobileViewport = value;
  for (const { query, listener } of [...listeners]) {
    listener({ matches: matches(query), media: query } as MediaQueryListEvent);
  }
}
