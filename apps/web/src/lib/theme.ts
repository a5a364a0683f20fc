import { STORAGE_KEYS } from '@/config/constants';

/** Light/dark/system colour mode; it defaults to system. */
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const DEFAULT_THEME_MODE: ThemeMode = 'system';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

function getLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (privacy settings): the mode simply is not remembered.
    return undefined;
  }
}

export function readStoredThemeMode(storage: Storage | undefined = getLocalStorage()): ThemeMode {
  try {
    const value = storage?.getItem(STORAGE_KEYS.THEME_MODE);
    return isThemeMode(value) ? value : DEFAULT_THEME_MODE;
  } catch {
    return DEFAULT_THEME_MODE;
  }
}

export function storeThemeMode(mode: ThemeMode, storage: Storage | undefined = getLocalStorage()) {
  try {
    storage?.setItem(STORAGE_KEYS.THEME_MODE, mode);
  } catch {
    // Quota or privacy mode: the choice still applies for this visit.
  }
}

export function resolveTheme(mode: ThemeMode, prefersDark: boolean): ResolvedTheme {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/** Puts the `dark` class (Tailwind's dark variant) and the matching `color-scheme` on <html>. */
export function applyResolvedTheme(
  theme: ResolvedTheme,
  root: HTMLElement = document.documentElement,
) {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
