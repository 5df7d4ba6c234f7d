import { readStored, writeStored } from '../../api/storage';

/**
 * A URL from the server, accepted only with http or https (javascript:, data:, relative or malformed values
 * give null). Server text is untrusted: nothing else is ever followed.
 */
export function httpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
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
