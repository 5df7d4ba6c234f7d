import { readStored, writeStored } from '../../../api/storage';

/** Where the app may send the browser for a payment: the provider's pages, and nothing else. */
export interface PaymentUrlPolicy {
  /** When not empty, the only hosts allowed (VITE_PAYMENT_HOSTS, comma-separated). */
  hosts: readonly string[];
  /** Demo builds: their own origin, where the demo checkout runs (over http on a developer's machine). */
  sameOrigin: string | null;
}

/** The build's policy, read when asked (tests may stub the environment). */
export const paymentUrlPolicy = (): PaymentUrlPolicy => ({
  hosts: (import.meta.env.VITE_PAYMENT_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean),
  sameOrigin: import.meta.env.VITE_MOCKS === 'true' ? (globalThis.location?.origin ?? null) : null,
});

/**
 * A payment URL from the server (checkout, subscription management), or null when it must not be followed.
 * Server text is untrusted: only https is accepted, without credentials (`https://pay.example@evil.example`
 * goes to evil.example), and only to the listed hosts when there is a list. A demo build's own origin is the
 * one exception.
 */
export function paymentUrl(
  value: string | null | undefined,
  policy: PaymentUrlPolicy = paymentUrlPolicy(),
): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (policy.sameOrigin && url.origin === policy.sameOrigin && !url.username && !url.password) return url;
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (policy.hosts.length > 0 && !policy.hosts.includes(url.hostname)) return null;
  return url;
}

/*
 * The last paid checkout session the app saw, per user: the subscription-management call needs one. It is
 * remembered on the payment-success page and when the provider returns to billing with session_id.
 */
const sessionKey = (userId: string) => `checkout-session-${userId}`;

export function readCheckoutSession(userId: string | null | undefined): string | null {
  return userId ? readStored(sessionKey(userId)) : null;
}

export function rememberCheckoutSession(userId: string | null | undefined, sessionId: string): void {
  if (userId && sessionId) writeStored(sessionKey(userId), sessionId);
}
