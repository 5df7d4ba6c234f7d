import { db } from './db';

/**
 * The demo mailbox: where send-code "delivers" one-time codes. In demo mode the mock runs in the page, so
 * the login screen can subscribe and show the code instead of the user needing a real inbox.
 *
 * The mailbox keeps no copy of its own: a mail is the code the mock server has sent to the address and still
 * accepts, its login code record. That record is part of the demo's saved data (mocks/persistence.ts), so a
 * reload keeps it, and the server's "ask for a new one in 43 seconds" and the mailbox read the same record:
 * the code that the wait refers to is the code the mailbox shows. (A list kept here was lost on every reload
 * while the server still remembered the code and refused another one for a minute.) A code that was used, or
 * burnt by too many wrong guesses, is gone from both.
 */
export interface Mail {
  email: string;
  code: string;
  /** ISO date-time of sending. */
  sentAt: string;
}

export type MailboxListener = (mail: Mail) => void;

const listeners = new Set<MailboxListener>();

/** Tells whoever watches the mailbox of a code the server has just stored and sent. */
export function deliverMail(mail: Mail): void {
  for (const listener of listeners) listener(mail);
}

/** Calls `listener` with every mail sent from now on; returns the unsubscribe function. */
export function subscribeMailbox(listener: MailboxListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The mail with the code this address may sign in with (case-insensitive), or null. */
export function latestMail(email: string): Mail | null {
  const wanted = email.trim().toLowerCase();
  const pending = db.loginCodes.findFirst((q) => q.where((c) => c.email === wanted));
  return pending
    ? { email: pending.email, code: pending.code, sentAt: new Date(pending.sentAt).toISOString() }
    : null;
}

/** The last code sent to this address (case-insensitive), or null. */
export function latestCode(email: string): string | null {
  return latestMail(email)?.code ?? null;
}
