import { readStored, writeStored } from '../api/storage';

export const LOCALES = ['en', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language is named in itself (an endonym), the same in every interface language, so it can be found. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

const LANGUAGE_KEY = 'language';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export function storedLocale(): Locale {
  const stored = readStored(LANGUAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function storeLocale(locale: Locale): void {
  writeStored(LANGUAGE_KEY, locale);
}
