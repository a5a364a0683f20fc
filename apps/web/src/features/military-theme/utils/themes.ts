import { BRANCH_SLUGS, type BranchSlug } from '@muster/contract/preferences';

import { BRANCHES, findBranch, type Branch } from '@muster/domain/branches';
import { AA_NON_TEXT, AA_TEXT, colorDifference, contrastRatio } from '@muster/domain/color';

/**
 * Military themes: one light and one dark colour set per branch, as CSS
 * custom property values (hex). Every set passes WCAG AA: 4.5:1 for text on each surface it sits
 * on (page, cards, sidebar, header) and 3:1 for controls (primary buttons, input borders, focus
 * ring). `border` is decorative (card and divider lines), as in the base tokens; form controls use
 * `input`. Each branch looks like itself: its own primary, sidebar tint and brand mark colours.
 * The app's default set (the marketing site's palette) lives in the web app's stylesheet.
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
  /** The sidebar's tint. */
  'sidebar',
  /** The sidebar's current and hovered item. */
  'sidebar-accent',
  'sidebar-accent-foreground',
  /** The sticky header's surface. */
  'header',
  /** The logo tile, the header's stripe and the branch badge. */
  'brand',
  /** The logo's chevrons and the branch badge's text. */
  'brand-foreground',
] as const;
export type ThemeToken = (typeof THEME_TOKENS)[number];
export type ThemeColors = Record<ThemeToken, string>;

export type MilitaryTheme = {
  branch: Branch;
  slug: BranchSlug;
  displayName: string;
  /** The branch's usual abbreviation, shown as its badge beside the logo (USMC, USN…). */
  mark: string;
  light: ThemeColors;
  dark: ThemeColors;
};

type Palette = {
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
  sidebar: string;
  sidebarAccent: string;
  sidebarAccentFg: string;
  header: string;
  brand: string;
  brandFg: string;
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
    sidebar: p.sidebar,
    'sidebar-accent': p.sidebarAccent,
    'sidebar-accent-foreground': p.sidebarAccentFg,
    header: p.header,
    brand: p.brand,
    'brand-foreground': p.brandFg,
  };
}

/** Abbreviations on the branch badge. */
const MARKS: Record<BranchSlug, string> = {
  'marine-corps': 'USMC',
  army: 'USA',
  navy: 'USN',
  'air-force': 'USAF',
  'space-force': 'USSF',
  'coast-guard': 'USCG',
};

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
      sidebar: '#fdf1cc',
      sidebarAccent: '#f7d6da',
      sidebarAccentFg: '#5c1020',
      header: '#ffffff',
      brand: '#9b1b30',
      brandFg: '#ffd55c',
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
      sidebar: '#2a0e14',
      sidebarAccent: '#5a1622',
      sidebarAccentFg: '#ffe7a8',
      header: '#2a0e14',
      brand: '#9b1b30',
      brandFg: '#ffc72c',
    },
  },
  // Black and gold.
  army: {
    light: {
      bg: '#fbfaf5',
      fg: '#1c1c17',
      surface: '#ffffff',
      primary: '#24231e',
      primaryFg: '#ffd24a',
      soft: '#f6edc8',
      softFg: '#2a2716',
      mutedFg: '#55533f',
      border: '#e2dab8',
      input: '#8a8670',
      ring: '#24231e',
      sidebar: '#f8eebf',
      sidebarAccent: '#ecdc98',
      sidebarAccentFg: '#24231e',
      header: '#ffffff',
      brand: '#1c1c1a',
      brandFg: '#ffcc33',
    },
    dark: {
      bg: '#121210',
      fg: '#f4f1e4',
      surface: '#1c1c18',
      primary: '#d9b26a',
      primaryFg: '#1c1c17',
      soft: '#2a2a22',
      softFg: '#f4ecc8',
      mutedFg: '#c4c2b0',
      border: '#3a3a2e',
      input: '#8a8a78',
      ring: '#d9b26a',
      sidebar: '#0a0a08',
      sidebarAccent: '#3d3520',
      sidebarAccentFg: '#ffe28a',
      header: '#0a0a08',
      brand: '#ffcc33',
      brandFg: '#1c1c1a',
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
      input: '#6b7b97',
      ring: '#0b2a5b',
      sidebar: '#d9e4f7',
      sidebarAccent: '#bccdec',
      sidebarAccentFg: '#0b2147',
      header: '#ffffff',
      brand: '#0b2a5b',
      brandFg: '#f2c94c',
    },
    dark: {
      bg: '#0a1220',
      fg: '#eef3fb',
      surface: '#101a2c',
      primary: '#9cbcff',
      primaryFg: '#0a1a33',
      soft: '#1a2740',
      softFg: '#e4ecf8',
      mutedFg: '#b0bdd2',
      border: '#26344f',
      input: '#7888a4',
      ring: '#f2c94c',
      sidebar: '#0d1f40',
      sidebarAccent: '#1c3f7a',
      sidebarAccentFg: '#f2c94c',
      header: '#0d1f40',
      brand: '#f2c94c',
      brandFg: '#0b2a5b',
    },
  },
  // Ultramarine blue and silver.
  'air-force': {
    light: {
      bg: '#f8f9fc',
      fg: '#0c1530',
      surface: '#ffffff',
      primary: '#1f4fc1',
      primaryFg: '#ffffff',
      soft: '#e8ecf4',
      softFg: '#102050',
      mutedFg: '#4a5268',
      border: '#d6dbe6',
      input: '#7a8298',
      ring: '#1f4fc1',
      sidebar: '#e7e9ee',
      sidebarAccent: '#d3def7',
      sidebarAccentFg: '#0c2a78',
      header: '#ffffff',
      brand: '#00308f',
      brandFg: '#c9d0dc',
    },
    dark: {
      bg: '#0b1020',
      fg: '#eef1f8',
      surface: '#121a30',
      primary: '#6fc6ff',
      primaryFg: '#0c1530',
      soft: '#1c2640',
      softFg: '#e6ebf7',
      mutedFg: '#b4bccf',
      border: '#28324c',
      input: '#7c86a0',
      ring: '#6fc6ff',
      sidebar: '#161d30',
      sidebarAccent: '#1d3a6e',
      sidebarAccentFg: '#eef1f8',
      header: '#161d30',
      brand: '#c9d0dc',
      brandFg: '#00308f',
    },
  },
  // Space black, silver and deep violet.
  'space-force': {
    light: {
      bg: '#f7f8fa',
      fg: '#111722',
      surface: '#ffffff',
      primary: '#44337a',
      primaryFg: '#ffffff',
      soft: '#e9ecf1',
      softFg: '#1c2331',
      mutedFg: '#4d5566',
      border: '#d7dbe3',
      input: '#7b8292',
      ring: '#44337a',
      sidebar: '#e4e6ea',
      sidebarAccent: '#d2d5dd',
      sidebarAccentFg: '#111722',
      header: '#ffffff',
      brand: '#0b0d12',
      brandFg: '#c0c8d8',
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
      sidebar: '#000000',
      sidebarAccent: '#262c3a',
      sidebarAccentFg: '#eef0f4',
      header: '#000000',
      brand: '#c0c8d8',
      brandFg: '#0b0d12',
    },
  },
  // Coast Guard blue, the racing stripe's red, and rescue orange after dark.
  'coast-guard': {
    light: {
      bg: '#f8fafc',
      fg: '#0b1a2e',
      surface: '#ffffff',
      primary: '#006d8f',
      primaryFg: '#ffffff',
      soft: '#fbe9eb',
      softFg: '#5a0a16',
      mutedFg: '#4a566a',
      border: '#dbe1ea',
      input: '#7c889c',
      ring: '#006d8f',
      sidebar: '#e8f0f8',
      sidebarAccent: '#fbdcd0',
      sidebarAccentFg: '#6a1f05',
      header: '#ffffff',
      brand: '#c8102e',
      brandFg: '#ffffff',
    },
    dark: {
      bg: '#08121e',
      fg: '#eef4fa',
      surface: '#0f1c2c',
      primary: '#ff9a5c',
      primaryFg: '#0b1a2e',
      soft: '#2a1a22',
      softFg: '#fde4e7',
      mutedFg: '#b2bfd0',
      border: '#22324a',
      input: '#7a8aa2',
      ring: '#ff9a5c',
      sidebar: '#0c2138',
      sidebarAccent: '#4a2414',
      sidebarAccentFg: '#ffe2d2',
      header: '#0c2138',
      brand: '#ff9a5c',
      brandFg: '#0b1a2e',
    },
  },
};

export const MILITARY_THEMES: readonly MilitaryTheme[] = BRANCHES.map((branch) => ({
  branch: branch.id,
  slug: branch.slug,
  displayName: branch.displayName,
  mark: MARKS[branch.slug],
  light: colors(PALETTES[branch.slug].light),
  dark: colors(PALETTES[branch.slug].dark),
}));

export function isBranchSlug(value: unknown): value is BranchSlug {
  return typeof value === 'string' && (BRANCH_SLUGS as readonly string[]).includes(value);
}

export function themeForSlug(slug: string | null | undefined): MilitaryTheme | undefined {
  return MILITARY_THEMES.find((theme) => theme.slug === slug);
}

/**
 * The theme menu's order: the branches the veteran served in first (in the profile's order, once
 * each), then the others in the usual order.
 */
export function orderThemesForMenu(servedBranches: readonly BranchSlug[]): MilitaryTheme[] {
  const served = [...new Set(servedBranches)]
    .map((slug) => themeForSlug(slug))
    .filter((theme): theme is MilitaryTheme => theme !== undefined);
  return [...served, ...MILITARY_THEMES.filter((theme) => !served.includes(theme))];
}

/** A served-branch name from the profile ("USMC", "Army") → its slug, or null. */
export function slugForBranchName(name: string): BranchSlug | null {
  const branch = findBranch(name);
  return BRANCHES.find((b) => b.id === branch)?.slug ?? null;
}

// --- WCAG contrast ------------------------------------------------------------------------------

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
  // Primary is also a text colour (links, the sign-in pages' tagline).
  ['primary', 'background', AA_TEXT],
  ['primary', 'card', AA_TEXT],
  ['input', 'background', AA_NON_TEXT],
  ['input', 'card', AA_NON_TEXT],
  ['ring', 'background', AA_NON_TEXT],
  ['foreground', 'sidebar', AA_TEXT],
  ['muted-foreground', 'sidebar', AA_TEXT],
  ['sidebar-accent-foreground', 'sidebar-accent', AA_TEXT],
  // The delete button's icon on the current conversation's row.
  ['muted-foreground', 'sidebar-accent', AA_NON_TEXT],
  ['input', 'sidebar', AA_NON_TEXT],
  ['ring', 'sidebar', AA_NON_TEXT],
  ['foreground', 'header', AA_TEXT],
  ['muted-foreground', 'header', AA_TEXT],
  ['input', 'header', AA_NON_TEXT],
  ['brand-foreground', 'brand', AA_TEXT],
];

/** The pairs `colors` fails, each described with its ratio; empty when the set passes AA. */
export function failingContrastPairs(colors: ThemeColors): string[] {
  return CONTRAST_PAIRS.filter(([fg, bg, min]) => contrastRatio(colors[fg], colors[bg]) < min).map(
    ([fg, bg, min]) =>
      `${fg} on ${bg}: ${contrastRatio(colors[fg], colors[bg]).toFixed(2)} < ${min}`,
  );
}

// --- Telling themes apart --------------------------------------------------------------------

/**
 * Two themes look alike when their primaries (buttons, links) are near each other, or when their
 * primary, sidebar tint and brand mark together barely differ. CIEDE2000: about 2 is just noticeable.
 */
export const DISTINCT_PRIMARY_DELTA_E = 10;
export const DISTINCT_SIGNATURE_DELTA_E = 30;

export type ThemeDifference = { primary: number; sidebar: number; brand: number; total: number };

/** How far apart two colour sets look, token by token (CIEDE2000). */
export function themeDifference(a: ThemeColors, b: ThemeColors): ThemeDifference {
  const primary = colorDifference(a.primary, b.primary);
  const sidebar = colorDifference(a.sidebar, b.sidebar);
  const brand = colorDifference(a.brand, b.brand);
  return { primary, sidebar, brand, total: primary + sidebar + brand };
}

export function themesLookAlike(a: ThemeColors, b: ThemeColors): boolean {
  const difference = themeDifference(a, b);
  return (
    difference.primary < DISTINCT_PRIMARY_DELTA_E || difference.total < DISTINCT_SIGNATURE_DELTA_E
  );
}

// --- Theme state ------------------------------------------------------------------------------

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
