import { describe, expect, it } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';

import {
  applyResolvedTheme,
  isThemeMode,
  readStoredThemeMode,
  resolveTheme,
  storeThemeMode,
} from './theme';

describe('theme helpers', () => {
  it('resolves system through the OS preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('recognises modes', () => {
    expect(isThemeMode('dark')).toBe(true);
    expect(isThemeMode('Dark')).toBe(false);
    expect(isThemeMode(null)).toBe(false);
  });

  it('reads and stores the mode, defaulting to system', () => {
    expect(readStoredThemeMode()).toBe('system');
    storeThemeMode('light');
    expect(window.localStorage.getItem(STORAGE_KEYS.THEME_MODE)).toBe('light');
    expect(readStoredThemeMode()).toBe('light');
  });

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;

    expect(readStoredThemeMode(blocked)).toBe('system');
    expect(() => storeThemeMode('dark', blocked)).not.toThrow();
  });

  it('puts the dark class and color-scheme on the root element', () => {
    const root = document.createElement('html');
    applyResolvedTheme('dark', root);
    expect(root).toHaveClass('dark');
    expect(root.style.colorScheme).toBe('dark');
    applyResolvedTheme('light', root);
    expect(root).not.toHaveClass('dark');
    expect(root.style.colorScheme).toBe('light');
  });
});
