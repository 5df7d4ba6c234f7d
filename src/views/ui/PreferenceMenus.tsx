import { Menu, MenuButton, MenuItemRadio, MenuProvider } from '@ariakit/react';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { activateLocale } from '../../i18n/i18n';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../i18n/locales';
import { CheckIcon, GlobeIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';
import { THEME_PREFERENCES, type ThemePreference, useThemeMode } from './themeMode';

export const Trigger = styled(MenuButton)<{ $compact?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: ${({ $compact }) => ($compact ? '40px' : '100%')};
  min-height: 40px;
  padding: 0 ${({ theme, $compact }) => ($compact ? '0' : theme.space(3))};
  justify-content: ${({ $compact }) => ($compact ? 'center' : 'flex-start')};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  &[aria-expanded='true'] { border-color: ${({ theme }) => theme.color.primary}; }
`;

const Popover = styled(Menu)`
  z-index: 70;
  min-width: 180px;
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.pop};
`;

const Item = styled(MenuItemRadio)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  &[data-active-item] { background: ${({ theme }) => theme.color.surfaceHover}; }
  .check { margin-left: auto; visibility: hidden; color: ${({ theme }) => theme.color.primary}; }
  &[aria-checked='true'] .check { visibility: visible; }
`;

const themeIcon = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** Light, dark or system, as a menu of radio items. */
export function ThemeMenu({ compact }: { compact?: boolean }) {
  const { t } = useLingui();
  const { preference, setPreference } = useThemeMode();
  const names: Record<ThemePreference, string> = { light: t`Light`, dark: t`Dark`, system: t`System` };
  const Icon = themeIcon[preference];
  const themeName = names[preference];
  return (
    <MenuProvider
      values={{ theme: preference }}
      setValues={(v) => setPreference(v.theme as ThemePreference)}
      placement={compact ? 'right-end' : 'top-start'}
    >
      <Trigger $compact={compact} aria-label={t`Theme: ${themeName}`} title={compact ? t`Theme` : undefined}>
        <Icon />
        {!compact && <span>{names[preference]}</span>}
      </Trigger>
      <Popover gutter={6} aria-label={t`Theme`}>
        {THEME_PREFERENCES.map((p) => {
          const ItemIcon = themeIcon[p];
          return (
            <Item key={p} name="theme" value={p}>
              <ItemIcon />
              {names[p]}
              <CheckIcon className="check" />
            </Item>
          );
        })}
      </Popover>
    </MenuProvider>
  );
}

/** The interface language; each language is listed under its own name. */
export function LanguageMenu({ compact }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const current = isLocale(i18n.locale) ? i18n.locale : 'en';
  const languageName = LOCALE_NAMES[current];
  return (
    <MenuProvider
      values={{ locale: current }}
      setValues={(v) => {
        if (isLocale(v.locale)) void activateLocale(v.locale);
      }}
      placement={compact ? 'right-end' : 'top-start'}
    >
      <Trigger
        $compact={compact}
        aria-label={t`Language: ${languageName}`}
        title={compact ? t`Language` : undefined}
      >
        <GlobeIcon />
        {!compact && <span lang={current}>{LOCALE_NAMES[current]}</span>}
      </Trigger>
      <Popover gutter={6} aria-label={t`Language`}>
        {LOCALES.map((l) => (
          <Item key={l} name="locale" value={l} lang={l}>
            {LOCALE_NAMES[l]}
            <CheckIcon className="check" />
          </Item>
        ))}
      </Popover>
    </MenuProvider>
  );
}
