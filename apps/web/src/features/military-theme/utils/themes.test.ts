import { describe, expect, it } from 'vitest';

import { BRANCHES } from '@muster/domain/branches';
import { contrastRatio } from '@muster/domain/color';
import {
  CONTRAST_PAIRS,
  MILITARY_THEMES,
  THEME_TOKENS,
  activeTheme,
  chooseBranch,
  failingContrastPairs,
  orderThemesForMenu,
  themeDifference,
  themeForSlug,
  themesLookAlike,
  resetTheme,
  resolveSavedTheme,
  setThemeEnabled,
  slugForBranchName,
  toStoredPreferences,
  toggleTheme,
} from './themes';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for equal colours, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('matches a known value (#767676 on white is 4.54:1)', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('rejects colours that are not hex', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow(/not a hex colour/);
  });
});

describe('military themes', () => {
  it('has one theme per branch with its display name and every token in both modes', () => {
    expect(MILITARY_THEMES.map((theme) => theme.displayName)).toEqual(
      BRANCHES.map((branch) => branch.displayName),
    );
    expect(MILITARY_THEMES.map((t) => t.displayName)).toContain('U.S. Army');
    for (const theme of MILITARY_THEMES) {
      expect(Object.keys(theme.light).sort()).toEqual([...THEME_TOKENS].sort());
      expect(Object.keys(theme.dark).sort()).toEqual([...THEME_TOKENS].sort());
    }
  });

  const cases = MILITARY_THEMES.flatMap((theme) =>
    (['light', 'dark'] as const).flatMap((mode) =>
      CONTRAST_PAIRS.map(([fg, bg, min]) => ({
        label: `${theme.displayName} ${mode}: ${fg} on ${bg} ≥ ${min}`,
        fg: theme[mode][fg],
        bg: theme[mode][bg],
        min,
      })),
    ),
  );

  it.each(cases)('$label', ({ fg, bg, min }) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(min);
  });
});

describe('theme state rules', () => {
  const off = { isEnabled: false, selectedBranch: null };

  it('allows enabling and toggling without a branch', () => {
    expect(setThemeEnabled(off, true)).toEqual({ isEnabled: true, selectedBranch: null });
    expect(toggleTheme(off).isEnabled).toBe(true);
    expect(toggleTheme(toggleTheme(off)).isEnabled).toBe(false);
  });

  it('auto-enables when a branch is chosen', () => {
    expect(chooseBranch(off, 'navy')).toEqual({ isEnabled: true, selectedBranch: 'navy' });
  });

  it('reset turns the theme off and clears the branch', () => {
    expect(resetTheme()).toEqual(off);
  });

  it('shows a theme only when enabled with a branch', () => {
    expect(activeTheme({ isEnabled: true, selectedBranch: 'army' })?.displayName).toBe('U.S. Army');
    expect(activeTheme({ isEnabled: false, selectedBranch: 'army' })).toBeUndefined();
    expect(activeTheme({ isEnabled: true, selectedBranch: null })).toBeUndefined();
  });

  it('maps served branch names to slugs', () => {
    expect(slugForBranchName('USMC')).toBe('marine-corps');
    expect(slugForBranchName('Coast Guard')).toBe('coast-guard');
    expect(slugForBranchName('Foreign Legion')).toBeNull();
  });
});

describe('resolveSavedTheme', () => {
  const session = toStoredPreferences({ isEnabled: true, selectedBranch: 'navy' });
  const local = toStoredPreferences({ isEnabled: false, selectedBranch: 'army' });

  it('prefers session storage, then local preferences, then the snapshot slug', () => {
    expect(resolveSavedTheme({ session, local, snapshotSlug: 'air-force' })).toEqual({
      isEnabled: true,
      selectedBranch: 'navy',
    });
    expect(resolveSavedTheme({ session: null, local, snapshotSlug: 'air-force' })).toEqual({
      isEnabled: false,
      selectedBranch: 'army',
    });
    expect(resolveSavedTheme({ snapshotSlug: 'marine-corps' })).toEqual({
      isEnabled: true,
      selectedBranch: 'marine-corps',
    });
  });

  it('skips invalid entries and falls back to off', () => {
    expect(
      resolveSavedTheme({
        session: '{bad json',
        local: '{"theme_enabled":"yes"}',
        snapshotSlug: 'marines',
      }),
    ).toEqual({ isEnabled: false, selectedBranch: null });
    expect(
      resolveSavedTheme({
        session: '{"theme_enabled":true,"selected_theme_branch":"usmc"}',
        local,
      }),
    ).toEqual({ isEnabled: false, selectedBranch: 'army' });
    expect(resolveSavedTheme({})).toEqual({ isEnabled: false, selectedBranch: null });
  });
});

describe('orderThemesForMenu', () => {
  const slugs = (served: Parameters<typeof orderThemesForMenu>[0]) =>
    orderThemesForMenu(served).map((theme) => theme.slug);

  it('lists every branch once, in the usual order when nothing is served', () => {
    expect(slugs([])).toEqual([
      'marine-corps',
      'army',
      'navy',
      'air-force',
      'space-force',
      'coast-guard',
    ]);
  });

  it("puts the veteran's own branches first, in the profile's order, then the rest", () => {
    expect(slugs(['navy', 'army'])).toEqual([
      'navy',
      'army',
      'marine-corps',
      'air-force',
      'space-force',
      'coast-guard',
    ]);
    expect(slugs(['coast-guard', 'coast-guard'])).toEqual([
      'coast-guard',
      'marine-corps',
      'army',
      'navy',
      'air-force',
      'space-force',
    ]);
  });
});

describe('branch marks and distinctness', () => {
  it('gives each branch its usual abbreviation', () => {
    expect(MILITARY_THEMES.map((theme) => theme.mark)).toEqual([
      'USMC',
      'USA',
      'USN',
      'USAF',
      'USSF',
      'USCG',
    ]);
  });

  it('reports failing contrast pairs with their ratio', () => {
    const navy = themeForSlug('navy')!.light;
    expect(failingContrastPairs(navy)).toEqual([]);
    expect(failingContrastPairs({ ...navy, 'muted-foreground': '#aab4c4' })).toContainEqual(
      expect.stringMatching(/^muted-foreground on background: \d\.\d\d < 4\.5$/),
    );
  });

  it('tells a copy with a nudged primary from a theme of its own', () => {
    const navy = themeForSlug('navy')!.light;
    const army = themeForSlug('army')!.light;
    expect(themeDifference(navy, navy).total).toBe(0);
    expect(themesLookAlike(navy, { ...navy, primary: '#0e2f63' })).toBe(true);
    expect(themesLookAlike(navy, army)).toBe(false);
  });
});
