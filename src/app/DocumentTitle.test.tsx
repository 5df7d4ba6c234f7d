import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAndSeed } from '../../mocks/node';
import { withMockServer } from '../../mocks/testing';
import { renderApp } from '../../tests/render';
import { activateLocale, i18n, switchLocale } from '../i18n/i18n';
import { LOCALES } from '../i18n/locales';
import { pageTitle } from '../views/ui/text';
import { NOT_FOUND, ROUTES } from './routeTable';

withMockServer();
beforeEach(async () => {
  await resetAndSeed();
});

describe('document titles', () => {
  const titled = [
    ...ROUTES.map((r) => [r.path, r.title] as const),
    ['(not found)', NOT_FOUND.title] as const,
  ];

  it.each(LOCALES)('every route, /login included, has a title in %s', async (locale) => {
    await activateLocale(locale, { persist: false });
    for (const [path, title] of titled) {
      const text = i18n._(title);
      expect(text, path).not.toBe('');
      // A title missing from a catalog reads as its English source.
      if (locale !== 'en') expect(text, `${path} in ${locale}`).not.toBe(title.message);
    }
  });

  it('titles the sign-in page in the active language and follows a change of language', async () => {
    await renderApp('/login', { locale: 'zh-TW' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(pageTitle('登入')));
    await act(() => switchLocale('en'));
    await waitFor(() => expect(document.title).toBe('Sign in · Influx'));
  });
});
