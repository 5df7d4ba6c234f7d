import { createContext, type ReactNode, use, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useMediaQuery } from './media';

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

interface ThemeMode {
  preference: ThemePreference;
  mode: 'light' | 'dark';
  setPreference: (p: ThemePreference) => void;
}

const ThemeModeContext = createContext<ThemeMode | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [preference, setState] = useState(readPreference);
  // The device's dark preference, followed live.
  const prefersDark = useMediaQuery(DARK_QUERY);
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
