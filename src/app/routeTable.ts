import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { PATHS } from '../machines/paths';
import type { NavIconName } from '../views/ui/navIcons';

/** Who may open a route: anyone, a signed-in user, or an admin (others get "not found"). */
export type Access = 'public' | 'signedIn' | 'admin';

export interface AppRoute {
  path: string;
  /**
   * The name of one optional path segment below `path` that the screen owns (`/chat-history/:sessionId`): the
   * router matches the path with or without it, and every reader of the table (sidebar, titles, preload)
   * treats the deeper address as this route.
   */
  param?: string;
  access: Access;
  /** The document title (and what a screen reader hears on arrival). */
  title: MessageDescriptor;
  /** Inside the signed-in shell (sidebar, header), or a page of its own. */
  shell: boolean;
  /** In the sidebar, in the table's order, with this icon (drawn by the shell: the sign-in page needs none). */
  icon?: NavIconName;
  /**
   * The screen's module under src/, without extension; its export of the same name is the screen. The build's
   * inline script preloads it (and the shell) for a signed-in visitor's cold visit to the path.
   */
  screen: string;
  load: () => Promise<ComponentType>;
  /**
   * The sign-in page's texts are in the catalog loaded at start; every other screen needs the screens', and
   * the admin's membership management its own besides.
   */
  texts: 'core' | 'screens' | 'admin';
}

/**
 * Every route of the app, in the sidebar's order (spec section 2). The router, the sidebar, the document
 * titles and the build's preload script all read this table.
 */
export const ROUTES: AppRoute[] = [
  {
    path: PATHS.login,
    access: 'public',
    title: msg`Sign in`,
    shell: false,
    screen: 'views/login/LoginView',
    load: () => import('../views/login/LoginView').then((m) => m.LoginView),
    texts: 'core',
  },
  {
    path: PATHS.dashboard,
    access: 'signedIn',
    title: msg`Dashboard`,
    shell: true,
    icon: 'home',
    screen: 'views/dashboard/DashboardView',
    load: () => import('../views/dashboard/DashboardView').then((m) => m.DashboardView),
    texts: 'screens',
  },
  {
    path: PATHS.botSettings,
    param: 'botId',
    access: 'signedIn',
    title: msg`Bot settings`,
    shell: true,
    icon: 'bot',
    screen: 'views/botSettings/BotSettingsView',
    load: () => import('../views/botSettings/BotSettingsView').then((m) => m.BotSettingsView),
    texts: 'screens',
  },
  {
    path: PATHS.bindWhatsapp,
    access: 'signedIn',
    title: msg`Bind WhatsApp`,
    shell: true,
    icon: 'phoneLink',
    screen: 'views/bindWhatsapp/BindWhatsappView',
    load: () => import('../views/bindWhatsapp/BindWhatsappView').then((m) => m.BindWhatsappView),
    texts: 'screens',
  },
  {
    path: PATHS.chatHistory,
    param: 'sessionId',
    access: 'signedIn',
    title: msg`Chat history`,
    shell: true,
    icon: 'chat',
    screen: 'views/chatHistory/ChatHistoryView',
    load: () => import('../views/chatHistory/ChatHistoryView').then((m) => m.ChatHistoryView),
    texts: 'screens',
  },
  {
    path: PATHS.usageBilling,
    access: 'signedIn',
    title: msg`Usage and billing`,
    shell: true,
    icon: 'card',
    screen: 'views/usageBilling/UsageBillingView',
    load: () => import('../views/usageBilling/UsageBillingView').then((m) => m.UsageBillingView),
    texts: 'screens',
  },
  {
    path: PATHS.membership,
    access: 'admin',
    title: msg`Membership management`,
    shell: true,
    icon: 'shield',
    screen: 'views/membership/MembershipView',
    load: () => import('../views/membership/MembershipView').then((m) => m.MembershipView),
    texts: 'admin',
  },
  {
    // Where the payment provider sends the user back: no shell around the result.
    path: PATHS.paymentSuccess,
    access: 'signedIn',
    title: msg`Payment successful`,
    shell: false,
    screen: 'views/paymentSuccess/PaymentSuccessView',
    load: () => import('../views/paymentSuccess/PaymentSuccessView').then((m) => m.PaymentSuccessView),
    texts: 'screens',
  },
  {
    // One invoice as a printable page of its own (no shell around it).
    path: PATHS.invoices,
    param: 'invoiceId',
    access: 'signedIn',
    title: msg`Invoice`,
    shell: false,
    screen: 'views/invoice/InvoiceView',
    load: () => import('../views/invoice/InvoiceView').then((m) => m.InvoiceView),
    texts: 'screens',
  },
  // The payment provider's checkout, simulated in demo builds only: statically dropped from production builds,
  // so neither the page nor the mock backend it calls is bundled there. Public, like a provider's page.
  ...(import.meta.env.VITE_MOCKS === 'true'
    ? [
        {
          path: PATHS.demoCheckout,
          access: 'public',
          title: msg`Demo checkout`,
          shell: false,
          screen: 'demo/checkout/DemoCheckoutView',
          load: () => import('../demo/checkout/DemoCheckoutView').then((m) => m.DemoCheckoutView),
          texts: 'screens',
        } satisfies AppRoute,
      ]
    : []),
];

/** Any other address inside the shell. */
export const NOT_FOUND = {
  title: msg`Page not found`,
  screen: 'views/notFound/NotFoundView',
  load: () => import('../views/notFound/NotFoundView').then((m) => m.NotFoundView),
} as const;

/** What the router matches for a route: its path, and the one segment below it when the route owns one. */
export const routePattern = (route: Pick<AppRoute, 'path' | 'param'>) =>
  route.param ? `${route.path}/:${route.param}?` : route.path;

/**
 * Paths match exactly, or with one more segment for a route that owns it (`/chat-history/abc`); a trailing
 * slash is the same page.
 */
export const routeFor = (path: string) => {
  const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
  const exact = ROUTES.find((route) => route.path === bare);
  if (exact) return exact;
  const parent = bare.replace(/\/[^/]+$/, '');
  return ROUTES.find((route) => route.param !== undefined && route.path === parent);
};

/** The sidebar's entries: the shell's routes this user may open. */
export const navRoutes = (admin: boolean) =>
  ROUTES.filter(
    (route): route is AppRoute & Required<Pick<AppRoute, 'icon'>> =>
      route.icon !== undefined && (route.access !== 'admin' || admin),
  );
