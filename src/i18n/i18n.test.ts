import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectToasts } from '../machines/root/toasts/notify';
import type { ToastInput } from '../machines/root/toasts/toasts.machine';
import { activateLocale, activateStartLocale, i18n, languageMessages, switchLocale } from './i18n';

// The Traditional Chinese catalog cannot be fetched (a dropped connection, a redeploy).
vi.mock('../locales/zh-TW/messages.po', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => connectToasts(null));

describe('a language whose catalog cannot be loaded', () => {
  it('at start-up: the page comes up in English with a notice, not blank', async () => {
    const toasts: ToastInput[] = [];
    await activateStartLocale('zh-TW');
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // Raised before the app mounted its toast queue: delivered when it connects.
    connectToasts((t) => toasts.push(t));
    expect(toasts).toEqual([{ variant: 'destructive', title: languageMessages.startFallback }]);
  });

  it('from the menu: the language stays as it was, and a message says why', async () => {
    const toasts: ToastInput[] = [];
    connectToasts((t) => toasts.push(t));
    await activateLocale('zh-CN', { persist: false });
    await switchLocale('zh-TW');
    expect(i18n.locale).toBe('zh-CN');
    expect(toasts).toEqual([{ variant: 'destructive', title: languageMessages.switchFailed }]);
  });
});
