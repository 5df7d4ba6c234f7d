import { render } from '@testing-library/react';
import { DEMO_ADMIN, DEMO_OWNER } from '../mocks/seed';
import { writeUserInfo } from '../src/api/storage';
import { App } from '../src/app/App';
import { activateLocale } from '../src/i18n/i18n';
import type { Locale } from '../src/i18n/locales';

/**
 * Renders the whole app at a path, as a user would meet it, against whatever backend the test runs (the
 * mock backend's node server in component tests).
 */
export async function renderApp(
  path: string,
  { as, locale = 'en' }: { as?: 'owner' | 'admin'; locale?: Locale } = {},
) {
  window.history.replaceState(null, '', path);
  await activateLocale(locale, { persist: false });
  if (as) {
    const account = as === 'owner' ? DEMO_OWNER : DEMO_ADMIN;
    writeUserInfo({ accessToken: account.token, id: account.id, userId: account.id, email: account.email });
  }
  return render(<App />);
}
