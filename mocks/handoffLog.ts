import { db, newId, notifyDbChanged } from './db';

/*
 * The log of hand-offs to people (beyond the spec): each time a conversation goes from the bot to a person
 * (the bot handed it off, someone took it over, the owner replied from the phone), and when a person first
 * replied after it. The dashboard's handoff figures read it.
 */

/** A conversation handed to a person at `at`, for `reason` (a HANDOFF_REASONS value). */
export async function logHandoff(
  ownerId: string,
  sessionId: string,
  reason: string,
  at: string,
): Promise<void> {
  await db.handoffs.create({ id: newId('handoff'), ownerId, sessionId, reason, at, firstReplyAt: null });
  notifyDbChanged();
}

/** A person replied in the conversation at `at`: the first reply of its latest hand-off still unanswered. */
export async function logPersonReply(ownerId: string, sessionId: string, at: string): Promise<void> {
  const open = db.handoffs
    .findMany((q) =>
      q.where((h) => h.ownerId === ownerId && h.sessionId === sessionId && h.firstReplyAt === null),
    )
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  if (!open) return;
  await db.handoffs.update(open, {
    data(h) {
      h.firstReplyAt = at;
    },
  });
  notifyDbChanged();
}
