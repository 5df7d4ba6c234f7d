import { useLingui } from '@lingui/react/macro';
import { switchLocale } from '../../i18n/i18n';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../i18n/locales';
import { GlobeIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';
import { type MenuPlacement, RadioMenu } from './MenuButton';
import { THEME_PREFERENCES, type ThemePreference, useThemeMode } from './themeMode';

const themeIcon = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** Light, dark or system. */
export function ThemeMenu({ compact, placement }: { compact?: boolean; placement?: MenuPlacement }) {
  const { t } = useLingui();
  const { preference, setPreference } = useThemeMode();
  const names: Record<ThemePreference, string> = { light: t`Light`, dark: t`Dark`, system: t`System` };
  const themeName = names[preference];
  return (
    <RadioMenu
      label={t`Theme`}
      value={preference}
      onChange={setPreference}
      options={THEME_PREFERENCES.map((p) => {
        const ItemIcon = themeIcon[p];
        return { value: p, label: names[p], icon: <ItemIcon /> };
      })}
      triggerLabel={t`Theme: ${themeName}`}
      compact={compact}
      placement={placement}
    />
  );
}

/** The interface language; each language is listed under its own name. */
export function LanguageMenu({ compact, placement }: { compact?: boolean; placement?: MenuPlacement }) {
  const { t, i18n } = useLingui();
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const languageName = LOCALE_NAMES[current];
  return (
    <RadioMenu
      label={t`Language`}
      value={current}
      onChange={(l) => void switchLocale(l)}
      options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l], lang: l }))}
      icon={<GlobeIcon />}
      triggerLabel={t`Language: ${languageName}`}
      compact={compact}
      placement={placement}
    />
  );
}
