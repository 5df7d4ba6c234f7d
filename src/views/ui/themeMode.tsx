import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_PREFERENCES: ThemePreference[] = ['light', 'dark', 'system'];
/** The spec names this key exactly (no product prefix). */
export const THEME_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return THEME_PREFERENCES.includes(stored as ThemePreference) ? (stored as ThemePreference) : 'system';
  } catch {
    return 'system';
  }
}

/** Follows the device's dark preference live. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = globalThis.matchMedia?.(DARK_QUERY);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(DARK_QUERY).matches ?? false,
    () => false,
  );
}

interface ThemeMode {
  preference: ThemePreference;
  mode: 'light' | 'dark';
  setPreference: (p: ThemePreference) => void;
}

const ThemeModeContext = createContext<ThemeMode | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [preference, setState] = useState(readPreference);
  const prefersDark = usePrefersDark();
  const mode = preference === 'system' ? (prefersDark ? 'dark' : 'light') : preference;
  const setPreference = useCallback((p: ThemePreference) => {
    try {
      localStorage.setItem(THEME_KEY, p);
    } catch {
      // Storage may be unavailable (private mode); the choice still applies to this visit.
    }
    setState(p);
  }, []);
  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  // index.html sets this before the first paint; from then on the app keeps it in step.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  return <ThemeModeContext value={value}>{children}</ThemeModeContext>;
}

export function useThemeMode(): ThemeMode {
  const value = use(ThemeModeContext);
  if (!value) throw new Error('useThemeMode outside ThemeModeProvider');
  return value;
}
