import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { notify } from '../machines/root/toasts/notify';
import { type Locale, storeLocale } from './locales';

export const languageMessages = {
  startFallback: msg`Your language could not be loaded, so the page is in English. Reload to try again.`,
  switchFailed: msg`The language could not be loaded. Check your connection and try again.`,
};

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

/** The screens' texts: loaded with the first screen (not by the sign-in page), then with every language. */
export const screensCatalog: CatalogLoader = (locale) => import(`../locales/${locale}/screens.po`);

/** Membership management's texts (an admin's screen): loaded with it, beside the screens' texts. */
export const adminCatalog: CatalogLoader = (locale) => import(`../locales/${locale}/admin.po`);

/** The Knowledge tab's own sections' texts: loaded with them (views/botSettings/knowledge/lazyKnowledge.ts). */
export const knowledgeCatalog: CatalogLoader = (locale) => import(`../locales/${locale}/knowledge.po`);

/** Makes a catalog part of the active language now and of every language switch from now on. */
export async function ensureCatalog(loader: CatalogLoader): Promise<void> {
  if (extraCatalogs.includes(loader)) return;
  extraCatalogs.push(loader);
  const locale = i18n.locale as Locale;
  const { messages } = await loader(locale);
  // A switch of language while loading has already loaded it for the new language.
  if (i18n.locale === locale) i18n.load(locale, messages);
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

/**
 * Start-up: the stored language, or English with a notice when its catalog cannot be loaded (a blank page
 * otherwise). Fails only when English cannot be loaded either.
 */
export async function activateStartLocale(locale: Locale): Promise<void> {
  try {
    await activateLocale(locale, { persist: false });
  } catch (error) {
    if (locale === 'en') throw error;
    await activateLocale('en', { persist: false });
    notify({ variant: 'destructive', title: languageMessages.startFallback });
  }
}

/** The language menu: a catalog that cannot be loaded leaves the language as it was, and says so. */
export async function switchLocale(locale: Locale): Promise<void> {
  try {
    await activateLocale(locale);
  } catch {
    notify({ variant: 'destructive', title: languageMessages.switchFailed });
  }
}

export { i18n };
