import { BRANCH_SLUGS, type BranchSlug } from '@muster/contract/preferences';

import { BRANCHES, findBranch, type Branch } from './branches';

/**
 * Military themes (spec sections 3 and 4): one light and one dark colour set per branch, as CSS
 * custom property values (hex). Every set passes WCAG AA: 4.5:1 for text on its surface and 3:1 for
 * controls (primary buttons, input borders, focus ring) on the background. `border` is decorative
 * (card and divider lines), as in the base tokens; form controls use `input`.
 */

export const THEME_TOKENS = [
  'background',
  'foreground',
  'card',
  'card-foreground',
  'popover',
  'popover-foreground',
  'primary',
  'primary-foreground',
  'secondary',
  'secondary-foreground',
  'muted',
  'muted-foreground',
  'accent',
  'accent-foreground',
  'border',
  'input',
  'ring',
] as const;
export type ThemeToken = (typeof THEME_TOKENS)[number];
export type ThemeColors = Record<ThemeToken, string>;

export type MilitaryTheme = {
  branch: Branch;
  slug: BranchSlug;
  displayName: string;
  light: ThemeColors;
  dark: ThemeColors;
};

type Palette = {
  /** Light mode. */
  bg: string;
  fg: string;
  surface: string;
  primary: string;
  primaryFg: string;
  soft: string;
  softFg: string;
  mutedFg: string;
  border: string;
  input: string;
  ring: string;
};

function colors(p: Palette): ThemeColors {
  return {
    background: p.bg,
    foreground: p.fg,
    card: p.surface,
    'card-foreground': p.fg,
    popover: p.surface,
    'popover-foreground': p.fg,
    primary: p.primary,
    'primary-foreground': p.primaryFg,
    secondary: p.soft,
    'secondary-foreground': p.softFg,
    muted: p.soft,
    'muted-foreground': p.mutedFg,
    accent: p.soft,
    'accent-foreground': p.softFg,
    border: p.border,
    input: p.input,
    ring: p.ring,
  };
}

const PALETTES: Record<BranchSlug, { light: Palette; dark: Palette }> = {
  // Scarlet and gold.
  'marine-corps': {
    light: {
      bg: '#fffdf7',
      fg: '#2a0a0f',
      surface: '#ffffff',
      primary: '#9b1b30',
      primaryFg: '#ffffff',
      soft: '#fcefc7',
      softFg: '#4a0e17',
      mutedFg: '#6b3a40',
      border: '#ead9b0',
      input: '#9a7b74',
      ring: '#9b1b30',
    },
    dark: {
      bg: '#1a0b0e',
      fg: '#fbeee0',
      surface: '#241014',
      primary: '#ffc72c',
      primaryFg: '#2a0a0f',
      soft: '#3a1a1f',
      softFg: '#fde7b0',
      mutedFg: '#d9b8b0',
      border: '#4a2a2f',
      input: '#a07a78',
      ring: '#ffc72c',
    },
  },
  // Black, gold and olive drab.
  army: {
    light: {
      bg: '#fbfaf5',
      fg: '#1c1f14',
      surface: '#ffffff',
      primary: '#3e4a26',
      primaryFg: '#ffffff',
      soft: '#f1ecd2',
      softFg: '#2a2f1a',
      mutedFg: '#555a45',
      border: '#dcd8c0',
      input: '#858a70',
      ring: '#3e4a26',
    },
    dark: {
      bg: '#121410',
      fg: '#f4f1e4',
      surface: '#1b1e17',
      primary: '#ffcc33',
      primaryFg: '#1c1f14',
      soft: '#2a2e22',
      softFg: '#f4ecc8',
      mutedFg: '#c2c4b0',
      border: '#383c2e',
      input: '#8a8e78',
      ring: '#ffcc33',
    },
  },
  // Navy blue and gold.
  navy: {
    light: {
      bg: '#f8fafd',
      fg: '#0a1a33',
      surface: '#ffffff',
      primary: '#0b2a5b',
      primaryFg: '#ffffff',
      soft: '#e6edf8',
      softFg: '#0b2147',
      mutedFg: '#45536b',
      border: '#d2dced',
      input: '#7484a0',
      ring: '#0b2a5b',
    },
    dark: {
      bg: '#0a1220',
      fg: '#eef3fb',
      surface: '#101a2c',
      primary: '#f2c94c',
      primaryFg: '#0a1a33',
      soft: '#1a2740',
      softFg: '#e4ecf8',
      mutedFg: '#b0bdd2',
      border: '#26344f',
      input: '#7888a4',
      ring: '#f2c94c',
    },
  },
  // Ultramarine blue and silver.
  'air-force': {
    light: {
      bg: '#f8f9fc',
      fg: '#0c1530',
      surface: '#ffffff',
      primary: '#00308f',
      primaryFg: '#ffffff',
      soft: '#e8ecf4',
      softFg: '#102050',
      mutedFg: '#4a5268',
      border: '#d6dbe6',
      input: '#7a8298',
      ring: '#00308f',
    },
    dark: {
      bg: '#0b1020',
      fg: '#eef1f8',
      surface: '#121a30',
      primary: '#8fb3ff',
      primaryFg: '#0c1530',
      soft: '#1c2640',
      softFg: '#e6ebf7',
      mutedFg: '#b4bccf',
      border: '#28324c',
      input: '#7c86a0',
      ring: '#8fb3ff',
    },
  },
  // Space black and silver.
  'space-force': {
    light: {
      bg: '#f7f8fa',
      fg: '#111722',
      surface: '#ffffff',
      primary: '#1c2331',
      primaryFg: '#ffffff',
      soft: '#e9ecf1',
      softFg: '#1c2331',
      mutedFg: '#4d5566',
      border: '#d7dbe3',
      input: '#7b8292',
      ring: '#1c2331',
    },
    dark: {
      bg: '#0b0d12',
      fg: '#eef0f4',
      surface: '#141820',
      primary: '#c0c8d8',
      primaryFg: '#111722',
      soft: '#1f2430',
      softFg: '#e8ebf1',
      mutedFg: '#b3b9c6',
      border: '#2c3240',
      input: '#7e8596',
      ring: '#c0c8d8',
    },
  },
  // Coast Guard blue and red.
  'coast-guard': {
    light: {
      bg: '#f8fafc',
      fg: '#0b1a2e',
      surface: '#ffffff',
      primary: '#003366',
      primaryFg: '#ffffff',
      soft: '#fbe9eb',
      softFg: '#5a0a16',
      mutedFg: '#4a566a',
      border: '#dbe1ea',
      input: '#7c889c',
      ring: '#c8102e',
    },
    dark: {
      bg: '#08121e',
      fg: '#eef4fa',
      surface: '#0f1c2c',
      primary: '#7fb2ff',
      primaryFg: '#0b1a2e',
      soft: '#2a1a22',
      softFg: '#fde4e7',
      mutedFg: '#b2bfd0',
      border: '#22324a',
      input: '#7a8aa2',
      ring: '#ff8a9a',
    },
  },
};

export const MILITARY_THEMES: readonly MilitaryTheme[] = BRANCHES.map((branch) => ({
  branch: branch.id,
  slug: branch.slug,
  displayName: branch.displayName,
  light: colors(PALETTES[branch.slug].light),
  dark: colors(PALETTES[branch.slug].dark),
}));

export function isBranchSlug(value: unknown): value is BranchSlug {
  return typeof value === 'string' && (BRANCH_SLUGS as readonly string[]).includes(value);
}

export function themeForSlug(slug: string | null | undefined): MilitaryTheme | undefined {
  return MILITARY_THEMES.find((theme) => theme.slug === slug);
}

/** A served-branch name from the profile ("USMC", "Army") → its slug, or null. */
export function slugForBranchName(name: string): BranchSlug | null {
  const branch = findBranch(name);
  return BRANCHES.find((b) => b.id === branch)?.slug ?? null;
}

// --- WCAG contrast ------------------------------------------------------------------------------

function parseHex(color: string): [number, number, number] {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) throw new Error(`${color} is not a hex colour`);
  const hex =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((c) => c + c)
          .join('')
      : match[1];
  return [0, 2, 4].map((index) => parseInt(hex.slice(index, index + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG 2 relative luminance of a hex colour. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two hex colours, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** The pairs every set must pass: [foreground token, background token, minimum ratio]. */
export const CONTRAST_PAIRS: readonly [ThemeToken, ThemeToken, number][] = [
  ['foreground', 'background', AA_TEXT],
  ['card-foreground', 'card', AA_TEXT],
  ['popover-foreground', 'popover', AA_TEXT],
  ['primary-foreground', 'primary', AA_TEXT],
  ['secondary-foreground', 'secondary', AA_TEXT],
  ['muted-foreground', 'muted', AA_TEXT],
  ['muted-foreground', 'background', AA_TEXT],
  ['muted-foreground', 'card', AA_TEXT],
  ['accent-foreground', 'accent', AA_TEXT],
  ['foreground', 'accent', AA_TEXT],
  ['primary', 'background', AA_NON_TEXT],
  ['input', 'background', AA_NON_TEXT],
  ['input', 'card', AA_NON_TEXT],
  ['ring', 'background', AA_NON_TEXT],
];

// --- Theme state (spec section 4) ---------------------------------------------------------------

export type ThemeSelection = { isEnabled: boolean; selectedBranch: BranchSlug | null };
export const DEFAULT_THEME_SELECTION: ThemeSelection = { isEnabled: false, selectedBranch: null };

/** Enabling or toggling is always allowed. */
export function setThemeEnabled(state: ThemeSelection, isEnabled: boolean): ThemeSelection {
  return { ...state, isEnabled };
}

export function toggleTheme(state: ThemeSelection): ThemeSelection {
  return setThemeEnabled(state, !state.isEnabled);
}

/** Choosing a branch auto-enables the theme. */
export function chooseBranch(state: ThemeSelection, slug: BranchSlug): ThemeSelection {
  return { ...state, isEnabled: true, selectedBranch: slug };
}

/** Reset turns the theme off and clears the branch. */
export function resetTheme(): ThemeSelection {
  return { ...DEFAULT_THEME_SELECTION };
}

/** The branch theme on screen: only when enabled and a branch is chosen. */
export function activeTheme(state: ThemeSelection): MilitaryTheme | undefined {
  return state.isEnabled ? themeForSlug(state.selectedBranch) : undefined;
}

/** Stored preferences (sessionStorage or per-user localStorage), as written by `toStoredPreferences`. */
export function parseStoredSelection(raw: string | null | undefined): ThemeSelection | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    if (typeof record.theme_enabled !== 'boolean') return null;
    const branch = record.selected_theme_branch;
    if (branch !== null && !isBranchSlug(branch)) return null;
    return { isEnabled: record.theme_enabled, selectedBranch: branch };
  } catch {
    return null;
  }
}

export function toStoredPreferences(state: ThemeSelection): string {
  return JSON.stringify({
    theme_enabled: state.isEnabled,
    selected_theme_branch: state.selectedBranch,
  });
}

/**
 * The saved theme, in order: session storage, per-user local preferences, then the last snapshot
 * slug (e.g. `marine-corps`, which means enabled with that branch). Nothing valid → off.
 */
export function resolveSavedTheme(sources: {
  session?: string | null | undefined;
  local?: string | null | undefined;
  snapshotSlug?: string | null | undefined;
}): ThemeSelection {
  const fromSession = parseStoredSelection(sources.session);
  if (fromSession) return fromSession;
  const fromLocal = parseStoredSelection(sources.local);
  if (fromLocal) return fromLocal;
  if (isBranchSlug(sources.snapshotSlug))
    return { isEnabled: true, selectedBranch: sources.snapshotSlug };
  return { ...DEFAULT_THEME_SELECTION };
}
