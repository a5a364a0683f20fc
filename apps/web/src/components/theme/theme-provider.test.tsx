import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { setSystemPrefersDark } from '@/testing/match-media';

import themeInitScript from '../../../public/theme-init.js?raw';

import { ModeToggle } from './mode-toggle';
import { ThemeProvider, useTheme } from './theme-provider';

function ThemeReadout() {
  const { mode, resolvedTheme } = useTheme();
  return (
    <p>
      mode={mode} resolved={resolvedTheme}
    </p>
  );
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ModeToggle />
      <ThemeReadout />
    </ThemeProvider>,
  );
}

const html = () => document.documentElement;

describe('theme mode', () => {
  it('defaults to system and follows the OS preference', () => {
    renderTheme();

    expect(screen.getByText('mode=system resolved=light')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(html()).not.toHaveClass('dark');

    act(() => setSystemPrefersDark(true));

    expect(screen.getByText('mode=system resolved=dark')).toBeInTheDocument();
    expect(html()).toHaveClass('dark');
    expect(html().style.colorScheme).toBe('dark');

    act(() => setSystemPrefersDark(false));
    expect(html()).not.toHaveClass('dark');
  });

  it('applies and stores the chosen mode under one localStorage key', async () => {
    renderTheme();

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));

    expect(html()).toHaveClass('dark');
    expect(window.localStorage.getItem(STORAGE_KEYS.THEME_MODE)).toBe('dark');
    expect(screen.getByRole('group', { name: 'Color mode' })).toBeInTheDocument();

    // An explicit choice ignores the OS.
    act(() => setSystemPrefersDark(false));
    expect(html()).toHaveClass('dark');

    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(html()).not.toHaveClass('dark');
    expect(window.localStorage.getItem(STORAGE_KEYS.THEME_MODE)).toBe('light');
  });

  it('starts from the stored mode', () => {
    window.localStorage.setItem(STORAGE_KEYS.THEME_MODE, 'dark');
    renderTheme();

    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(html()).toHaveClass('dark');
  });

  it('ignores a stored value that is not a mode', () => {
    window.localStorage.setItem(STORAGE_KEYS.THEME_MODE, 'purple');
    renderTheme();

    expect(screen.getByText('mode=system resolved=light')).toBeInTheDocument();
  });

  it('follows a change made in another tab', () => {
    renderTheme();

    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEYS.THEME_MODE, newValue: 'dark' }),
      );
    });

    expect(screen.getByText('mode=dark resolved=dark')).toBeInTheDocument();
  });

  it('uses the same storage key as public/theme-init.js, which runs before the app', () => {
    expect(themeInitScript).toContain(`localStorage.getItem('${STORAGE_KEYS.THEME_MODE}')`);
  });
});
