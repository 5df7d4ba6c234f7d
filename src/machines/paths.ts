/**
 * The app's page paths, each written once. The route table (app/routeTable.ts) gives each its screen, access
 * and title; flows that ask the app to go somewhere, and screens that link to one, name it from here. They
 * live below the route table because machines may not import the app (api ← machines ← views ← app).
 */
export const PATHS = {
  login: '/login',
  dashboard: '/',
  botSettings: '/bot-settings',
  bindWhatsapp: '/bind-whatsapp',
  chatHistory: '/chat-history',
  usageBilling: '/usage-billing',
  membership: '/membership-management',
  paymentSuccess: '/payment-success',
  invoices: '/invoices',
  /** The payment provider's checkout, simulated in demo builds only. */
  demoCheckout: '/demo-checkout',
} as const;

/** The path of a page that owns one segment below its own (`/chat-history/abc`), or the page's own. */
export const pathWith = (base: string, segment: string | null): string =>
  segment ? `${base}/${encodeURIComponent(segment)}` : base;
