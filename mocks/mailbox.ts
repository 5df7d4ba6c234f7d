/**
 * The demo mailbox: where send-code "delivers" one-time codes. In demo mode the mock runs in the page, so
 * the login screen can subscribe and show the code instead of the user needing a real inbox.
 */
export interface Mail {
  email: string;
  code: string;
  /** ISO date-time of sending. */
  sentAt: string;
}

export type MailboxListener = (mail: Mail) => void;

const mails: Mail[] = [];
const listeners = new Set<MailboxListener>();

export function deliverMail(mail: Mail): void {
  mails.push(mail);
  for (const listener of listeners) listener(mail);
}

/** Calls `listener` with every mail sent from now on; returns the unsubscribe function. */
export function subscribeMailbox(listener: MailboxListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The last mail sent to this address (case-insensitive), or null. */
export function latestMail(email: string): Mail | null {
  const wanted = email.trim().toLowerCase();
  for (let i = mails.length - 1; i >= 0; i--) {
    const mail = mails[i];
    if (mail && mail.email === wanted) return mail;
  }
  return null;
}

/** The last code sent to this address (case-insensitive), or null. */
export function latestCode(email: string): string | null {
  return latestMail(email)?.code ?? null;
}

export function clearMailbox(): void {
  mails.length = 0;
}
