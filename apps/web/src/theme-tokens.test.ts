import { readFileSync } from 'node:fs';
import path from 'node:path';

import { AA_TEXT, colorDifference, contrastRatio } from '@muster/domain/color';
import {
  CONTRAST_PAIRS,
  MILITARY_THEMES,
  DISTINCT_PRIMARY_DELTA_E,
  THEME_TOKENS,
  themeDifference,
  themesLookAlike,
  type ThemeColors,
} from '@/features/military-theme/utils/themes';
import { describe, expect, it } from 'vitest';

// Read from disk: the test runner does not process stylesheets.
const stylesheet = readFileSync(path.join(import.meta.dirname, 'index.css'), 'utf8');

/** The custom properties declared in the first `selector { … }` block of the stylesheet. */
function declaredTokens(selector: string): Record<string, string> {
  const start = stylesheet.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`${selector} block not found`);
  const body = stylesheet.slice(start, stylesheet.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/--([a-z-]+):\s*([^;]+);/g)].map((match) => [match[1], match[2]!.trim()]),
  );
}

function asThemeColors(tokens: Record<string, string>): ThemeColors {
  return Object.fromEntries(
    THEME_TOKENS.map((token) => {
      const value = tokens[token];
      if (!value || !/^#[0-9a-f]{6}$/i.test(value))
        throw new Error(`--${token} must be a #rrggbb colour, found ${String(value)}`);
      return [token, value];
    }),
  ) as ThemeColors;
}

const defaultTokens = { light: declaredTokens(':root'), dark: declaredTokens('.dark') };
const THEMES = [
  {
    name: 'Default',
    light: asThemeColors(defaultTokens.light),
    dark: asThemeColors(defaultTokens.dark),
  },
  ...MILITARY_THEMES.map((theme) => ({
    name: theme.displayName,
    light: theme.light,
    dark: theme.dark,
  })),
];
const MODES = ['light', 'dark'] as const;

describe('theme tokens: WCAG AA contrast', () => {
  const cases = THEMES.flatMap((theme) =>
    MODES.flatMap((mode) =>
      CONTRAST_PAIRS.map(([fg, bg, min]) => ({
        label: `${theme.name} ${mode}: ${fg} on ${bg} ≥ ${min}`,
        fg: theme[mode][fg],
        bg: theme[mode][bg],
        min,
      })),
    ),
  );

  it('checks every theme, default and branch, in both modes', () => {
    expect(cases).toHaveLength(7 * 2 * CONTRAST_PAIRS.length);
  });

  it.each(cases)('$label', ({ fg, bg, min }) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(min);
  });

  // Branch themes keep the default's error colour, so it must read on every surface of every theme.
  const destructiveCases = THEMES.flatMap((theme) =>
    MODES.flatMap((mode) =>
      (['background', 'card', 'popover'] as const).map((surface) => ({
        label: `${theme.name} ${mode}: destructive on ${surface}`,
        fg: defaultTokens[mode].destructive!,
        bg: theme[mode][surface],
      })),
    ),
  );
  it.each(destructiveCases)('$label', ({ fg, bg }) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(MODES)('destructive buttons are readable (%s)', (mode) => {
    const tokens = defaultTokens[mode];
    expect(
      contrastRatio(tokens['destructive-foreground']!, tokens.destructive!),
    ).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('theme tokens: every theme looks like itself', () => {
  const pairs = MODES.flatMap((mode) =>
    THEMES.flatMap((a, index) =>
      THEMES.slice(index + 1).map((b) => ({
        label: `${mode}: ${a.name} vs ${b.name}`,
        mode,
        a,
        b,
      })),
    ),
  );

  it('compares all 21 pairs of themes in both modes', () => {
    expect(pairs).toHaveLength(42);
  });

  it.each(pairs)('$label', ({ mode, a, b }) => {
    const difference = themeDifference(a[mode], b[mode]);
    expect(
      themesLookAlike(a[mode], b[mode]),
      `primary ΔE ${difference.primary.toFixed(1)}, sidebar ΔE ${difference.sidebar.toFixed(1)}, brand ΔE ${difference.brand.toFixed(1)}`,
    ).toBe(false);
  });

  // A primary button must not pass for a destructive one (Save next to Delete).
  const destructivePairs = THEMES.flatMap((theme) =>
    MODES.map((mode) => ({
      label: `${theme.name} ${mode}: primary vs destructive`,
      primary: theme[mode].primary,
      destructive: defaultTokens[mode].destructive!,
    })),
  );
  it.each(destructivePairs)('$label', ({ primary, destructive }) => {
    expect(colorDifference(primary, destructive)).toBeGreaterThanOrEqual(DISTINCT_PRIMARY_DELTA_E);
  });
});
