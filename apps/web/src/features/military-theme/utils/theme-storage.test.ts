import { MILITARY_THEMES } from './themes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';

import themeInitScript from '../../../../public/theme-init.js?raw';

import { MILITARY_THEME_KEYS, applyMilitaryTheme } from './theme-storage';

const root = () => document.documentElement;
const navy = MILITARY_THEMES.find((theme) => theme.slug === 'navy')!;

/** Runs public/theme-init.js as the browser does before the app starts. */
function runThemeInit() {
  new Function(themeInitScript)();
}

function resetRoot() {
  root().removeAttribute('style');
  root().removeAttribute('data-military-theme');
  root().classList.remove('dark');
}

describe('branch colours painted before the app starts', () => {
  beforeEach(() => {
    localStorage.clear();
    resetRoot();
  });
  afterEach(() => {
    localStorage.clear();
    resetRoot();
  });

  it('paints the colours the app last applied, in the saved mode, for a signed-in visitor', () => {
    applyMilitaryTheme({ isEnabled: true, selectedBranch: 'navy' }, 'light');
    expect(localStorage.getItem(MILITARY_THEME_KEYS.paint)).not.toBeNull();
    resetRoot();

    localStorage.setItem(STORAGE_KEYS.AUTH_TOKEN, 'token');
    localStorage.setItem(STORAGE_KEYS.THEME_MODE, 'dark');
    runThemeInit();
    expect(root().classList.contains('dark')).toBe(true);
    expect(root().style.getPropertyValue('--primary')).toBe(navy.dark.primary);
    expect(root().dataset.militaryTheme).toBe('navy');

    resetRoot();
    localStorage.setItem(STORAGE_KEYS.THEME_MODE, 'light');
    runThemeInit();
    expect(root().style.getPropertyValue('--primary')).toBe(navy.light.primary);
  });

  it('paints nothing without a session, and nothing once the theme is turned off', () => {
    applyMilitaryTheme({ isEnabled: true, selectedBranch: 'navy' }, 'light');
    resetRoot();
    runThemeInit();
    expect(root().style.getPropertyValue('--primary')).toBe('');
    expect(root().dataset.militaryTheme).toBeUndefined();

    localStorage.setItem(STORAGE_KEYS.AUTH_TOKEN, 'token');
    applyMilitaryTheme({ isEnabled: false, selectedBranch: 'navy' }, 'light');
    expect(localStorage.getItem(MILITARY_THEME_KEYS.paint)).toBeNull();
    runThemeInit();
    expect(root().style.getPropertyValue('--primary')).toBe('');
  });

  it('ignores anything but token names with hex colours, and a malformed record', () => {
    localStorage.setItem(STORAGE_KEYS.AUTH_TOKEN, 'token');
    localStorage.setItem(STORAGE_KEYS.THEME_MODE, 'light');
    localStorage.setItem(
      MILITARY_THEME_KEYS.paint,
      JSON.stringify({
        slug: 'navy',
        light: { primary: 'red; background: url(x)', 'card;x': '#fff', ring: '#123456' },
        dark: {},
      }),
    );
    runThemeInit();
    expect(root().style.getPropertyValue('--primary')).toBe('');
    expect(root().style.getPropertyValue('--ring')).toBe('#123456');

    resetRoot();
    localStorage.setItem(MILITARY_THEME_KEYS.paint, '{not json');
    expect(runThemeInit).not.toThrow();
    expect(root().getAttribute('style')).not.toContain('--');
  });

  it('reads the same storage keys as the app writes', () => {
    expect(themeInitScript).toContain(`localStorage.getItem('${STORAGE_KEYS.AUTH_TOKEN}')`);
    expect(themeInitScript).toContain(`localStorage.getItem('${MILITARY_THEME_KEYS.paint}')`);
  });
});
