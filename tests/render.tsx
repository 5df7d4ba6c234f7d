import { render } from '@testing-library/react';
import { DEMO_ADMIN, DEMO_OWNER } from '../mocks/seed';
import { writeUserInfo } from '../src/api/storage';
import { App } from '../src/app/App';
import { listenForBackAndForward } from '../src/app/navigationGuard';
import { activateLocale } from '../src/i18n/i18n';
import type { Locale } from '../src/i18n/locales';

/** The lazy modules each path shows, loaded before rendering so tests wait on the app, not on transforms. */
const SCREENS: Record<string, () => Promise<unknown>> = {
  '/login': () => import('../src/views/login/LoginView'),
  '/': () => import('../src/views/dashboard/DashboardView'),
  '/bot-settings': () => import('../src/views/botSettings/BotSettingsView'),
  '/bind-whatsapp': () => import('../src/views/bindWhatsapp/BindWhatsappView'),
  '/chat-history': () => import('../src/views/chatHistory/ChatHistoryView'),
  '/usage-billing': () => import('../src/views/usageBilling/UsageBillingView'),
  '/membership-management': () => import('../src/views/membership/MembershipView'),
  '/payment-success': () => import('../src/views/paymentSuccess/PaymentSuccessView'),
};

/**
 * Renders the whole app at a path, as a user would meet it, against whatever backend the test runs (the
 * mock backend's node server in component tests).
 */
export async function renderApp(
  path: string,
  { as, locale = 'en' }: { as?: 'owner' | 'admin'; locale?: Locale } = {},
) {
  window.history.replaceState(null, '', path);
  const pathname = new URL(path, 'http://x').pathname;
  await Promise.all([
    activateLocale(locale, { persist: false }),
    import('../src/app/SignedInApp'),
    SCREENS[pathname]?.(),
  ]);
  if (as) {
    const account = as === 'owner' ? DEMO_OWNER : DEMO_ADMIN;
    writeUserInfo({ accessToken: account.token, id: account.id, userId: account.id, email: account.email });
  }
  listenForBackAndForward();
  return render(<App />);
}
