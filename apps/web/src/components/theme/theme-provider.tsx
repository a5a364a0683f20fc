import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { STORAGE_KEYS } from '@/config/constants';
import {
  DARK_SCHEME_QUERY,
  applyResolvedTheme,
  isThemeMode,
  readStoredThemeMode,
  resolveTheme,
  storeThemeMode,
  type ResolvedTheme,
  type ThemeMode,
} from '@/lib/theme';

type ThemeContextValue = {
  /** What the user chose. */
  mode: ThemeMode;
  /** What is on screen: `system` resolved through the OS preference. */
  resolvedTheme: ResolvedTheme;
  setMode: (mode: ThemeMode) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

function subscribeToSystemScheme(onChange: () => void) {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const getSystemPrefersDark = () => window.matchMedia(DARK_SCHEME_QUERY).matches;
const getServerPrefersDark = () => false;

type ThemeProviderProps = { children: ReactNode };

export function ThemeProvider({ children }: ThemeProviderProps) {
  const [mode, setModeState] = useState<ThemeMode>(() => readStoredThemeMode());
  const prefersDark = useSyncExternalStore(
    subscribeToSystemScheme,
    getSystemPrefersDark,
    getServerPrefersDark,
  );
  const resolvedTheme = resolveTheme(mode, prefersDark);

  // Keeps <html> in step with the state: the choice, the OS preference, or another tab.
  useEffect(() => {
    applyResolvedTheme(resolvedTheme);
  }, [resolvedTheme]);

  // Another tab changed the mode: follow it.
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.THEME_MODE) return;
      setModeState(isThemeMode(event.newValue) ? event.newValue : readStoredThemeMode());
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);

  const setMode = useCallback((nextMode: ThemeMode) => {
    storeThemeMode(nextMode);
    setModeState(nextMode);
  }, []);

  const value = useMemo(() => ({ mode, resolvedTheme, setMode }), [mode, resolvedTheme, setMode]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside <ThemeProvider>.');
  return context;
}
