import { i18n, type Messages } from '@lingui/core';
import { type Locale, storeLocale } from './locales';

// Demo and development builds keep source messages (see vite.config.ts); compiling them at runtime lets a
// message not yet in the catalogs still interpolate. Production ships compiled catalogs only.
if (import.meta.env.VITE_MOCKS === 'true') {
  void import('@lingui/message-utils/compileMessage').then(({ compileMessage }) =>
    i18n.setMessagesCompiler(compileMessage),
  );
}

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  'zh-CN': () => import('../locales/zh-CN/messages.po'),
  'zh-TW': () => import('../locales/zh-TW/messages.po'),
};

type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>;
const extraCatalogs: CatalogLoader[] = [];

/** A further catalog loaded with every language (demo builds add the demo-only screens' texts). */
export function addCatalog(loader: CatalogLoader): void {
  extraCatalogs.push(loader);
}

/** Loads a language's catalog (its own lazy chunk), activates it and keeps <html lang> in step (dayjs follows: dates.ts). */
export async function activateLocale(locale: Locale, { persist = true } = {}): Promise<void> {
  const [{ messages }, extras] = await Promise.all([
    catalogs[locale](),
    Promise.all(extraCatalogs.map((load) => load(locale))),
  ]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, messages, ...extras.map((e) => e.messages)) });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (persist) storeLocale(locale);
}

export { i18n };
