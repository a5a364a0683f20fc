import type { BranchSlug } from '@muster/contract/preferences';
import {
  DEFAULT_THEME_SELECTION,
  chooseBranch,
  resetTheme,
  slugForBranchName,
  toggleTheme,
  type ThemeSelection,
} from '../utils/themes';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

import { useTheme } from '@/components/theme/theme-provider';

import { useThemePreferences } from '../api/get-theme-preferences';
import { useSaveThemePreferences } from '../api/save-theme-preferences';
import {
  applyMilitaryTheme,
  hasLocalPreferences,
  readSavedSelection,
  writeSavedSelection,
} from '../utils/theme-storage';

export type MilitaryThemeContextValue = ThemeSelection & {
  /** Branches the veteran served in (from the profile), as slugs. */
  servedBranches: BranchSlug[];
  toggle: () => void;
  choose: (slug: BranchSlug) => void;
  reset: () => void;
};

const MilitaryThemeContext = createContext<MilitaryThemeContextValue | null>(null);

type MilitaryThemeProviderProps = {
  /** The signed-in user; null while signed out (no branch colours). */
  userId: string | null;
  children: ReactNode;
};

/**
 * The military theme of the signed-in user: resolved from session storage, per-user
 * local preferences, then the last snapshot; adopted from the server when nothing is stored
 * locally; reset when loading fails. Changes save locally first, then to the server.
 */
export function MilitaryThemeProvider({ userId, children }: MilitaryThemeProviderProps) {
  const { resolvedTheme } = useTheme();
  const [current, setCurrent] = useState(() => ({
    userId,
    selection: userId ? readSavedSelection(userId) : DEFAULT_THEME_SELECTION,
  }));
  // Another user signed in (or out): start from their saved theme.
  if (current.userId !== userId) {
    setCurrent({
      userId,
      selection: userId ? readSavedSelection(userId) : DEFAULT_THEME_SELECTION,
    });
  }
  const selection = current.selection;
  const setSelection = useCallback(
    (next: ThemeSelection) => setCurrent((state) => ({ ...state, selection: next })),
    [],
  );
  const preferences = useThemePreferences(userId ?? undefined);
  const save = useSaveThemePreferences(userId ?? undefined);
  const { mutate } = save;

  // Server answer: adopt it when this device has no preferences of its own; a failure resets.
  const { status, data } = preferences;
  useEffect(() => {
    if (status === 'error' && userId) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a load failure resets the theme
      setSelection(DEFAULT_THEME_SELECTION);
      return;
    }
    if (status === 'success' && userId && !hasLocalPreferences(userId)) {
      setSelection({ isEnabled: data.theme_enabled, selectedBranch: data.selected_theme_branch });
    }
  }, [status, data, userId, setSelection]);

  useEffect(() => {
    applyMilitaryTheme(selection, resolvedTheme);
  }, [selection, resolvedTheme]);

  // Leaving the shell (sign-out) removes the branch colours.
  useEffect(() => () => applyMilitaryTheme(DEFAULT_THEME_SELECTION, 'light'), []);

  const update = useCallback(
    (next: ThemeSelection) => {
      if (!userId) return;
      const isFirstSave = !hasLocalPreferences(userId);
      writeSavedSelection(userId, next);
      setSelection(next);
      mutate({
        input: { theme_enabled: next.isEnabled, selected_theme_branch: next.selectedBranch },
        isFirstSave,
      });
    },
    [userId, mutate, setSelection],
  );

  const servedBranches = useMemo(
    () =>
      (data?.branches_served ?? [])
        .map((entry) => slugForBranchName(entry.branch))
        .filter((slug): slug is BranchSlug => slug !== null),
    [data],
  );

  const value = useMemo<MilitaryThemeContextValue>(
    () => ({
      ...selection,
      servedBranches,
      toggle: () => update(toggleTheme(selection)),
      choose: (slug) => update(chooseBranch(selection, slug)),
      reset: () => update(resetTheme()),
    }),
    [selection, servedBranches, update],
  );

  return <MilitaryThemeContext value={value}>{children}</MilitaryThemeContext>;
}

export function useMilitaryTheme(): MilitaryThemeContextValue {
  const context = useContext(MilitaryThemeContext);
  if (!context) throw new Error('useMilitaryTheme must be used inside <MilitaryThemeProvider>.');
  return context;
}
