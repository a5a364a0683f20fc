import type { BranchSlug } from '@muster/contract/preferences';
import {
  THEME_TOKENS,
  activeTheme,
  resolveSavedTheme,
  toStoredPreferences,
  type ThemeSelection,
} from './themes';

/** Browser storage keys of the military theme. */
export const MILITARY_THEME_KEYS = {
  /** sessionStorage: this tab's preferences. */
  session: 'muster:military-theme',
  /** localStorage, per user: `muster:military-theme:{userId}`. */
  local: (userId: string) => `muster:military-theme:${userId}`,
  /** localStorage: the slug last shown, e.g. `marine-corps` (empty when off). */
  snapshot: 'muster:military-theme-snapshot',
  /**
   * localStorage: the colours last applied, for both modes, so public/theme-init.js can paint them
   * before the app starts (removed when the branch theme is off).
   */
  paint: 'muster:military-theme-paint',
} as const;

/** What public/theme-init.js reads to paint a branch theme before the first frame. */
export type ThemePaint = {
  slug: BranchSlug;
  light: Partial<Record<string, string>>;
  dark: Partial<Record<string, string>>;
};

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function hasLocalPreferences(userId: string): boolean {
  return safely(
    () => window.localStorage.getItem(MILITARY_THEME_KEYS.local(userId)) !== null,
    false,
  );
}

/** Session storage, then per-user local preferences, then the last snapshot slug. */
export function readSavedSelection(userId: string): ThemeSelection {
  return resolveSavedTheme({
    session: safely(() => window.sessionStorage.getItem(MILITARY_THEME_KEYS.session), null),
    local: safely(() => window.localStorage.getItem(MILITARY_THEME_KEYS.local(userId)), null),
    snapshotSlug: safely(() => window.localStorage.getItem(MILITARY_THEME_KEYS.snapshot), null),
  });
}

export function writeSavedSelection(userId: string, selection: ThemeSelection) {
  const stored = toStoredPreferences(selection);
  safely(() => window.sessionStorage.setItem(MILITARY_THEME_KEYS.session, stored), undefined);
  safely(() => window.localStorage.setItem(MILITARY_THEME_KEYS.local(userId), stored), undefined);
  const slug: BranchSlug | '' = activeTheme(selection)?.slug ?? '';
  safely(() => window.localStorage.setItem(MILITARY_THEME_KEYS.snapshot, slug), undefined);
}

/** Puts the branch colours on <html> as CSS variables (or removes them when off). */
export function applyMilitaryTheme(
  selection: ThemeSelection,
  mode: 'light' | 'dark',
  root: HTMLElement = document.documentElement,
) {
  const theme = activeTheme(selection);
  for (const token of THEME_TOKENS) {
    if (theme) root.style.setProperty(`--${token}`, theme[mode][token]);
    else root.style.removeProperty(`--${token}`);
  }
  if (theme) root.dataset.militaryTheme = theme.slug;
  else delete root.dataset.militaryTheme;
  rememberPaint(theme ? { slug: theme.slug, light: theme.light, dark: theme.dark } : null);
}

function rememberPaint(paint: ThemePaint | null) {
  safely(() => {
    if (paint) window.localStorage.setItem(MILITARY_THEME_KEYS.paint, JSON.stringify(paint));
    else window.localStorage.removeItem(MILITARY_THEME_KEYS.paint);
  }, undefined);
}
