import { HttpResponse } from 'msw';
import type { ChatMessage } from '../../src/api/schemas/chatSessions';
import { ErrorCodes } from '../../src/api/schemas/common';
import { type Handling, ReplyBodySchema, TakeOverBodySchema } from '../../src/api/schemas/handling';
import { isoNow, MINUTE, now } from '../clock';
import { type ChatSessionRecord, db, newId, notifyDbChanged, type UserRecord } from '../db';
import { logHandoff, logPersonReply } from '../handoffLog';
import { authedRoute, errorResponse, owned, readBody } from './common';
import { publishLive } from './live';

/**
 * A conversation's handling now: a person's pause that has run out is the bot's again (the server's clock,
 * read whenever it is asked, as a scheduler would have done it).
 */
export function handlingNow(record: Pick<ChatSessionRecord, 'handling'>): Handling {
  const handling = record.handling ?? { by: 'bot' };
  if (handling.by === 'person' && handling.until !== null && Date.parse(handling.until) <= now()) {
    return { by: 'bot' };
  }
  return handling;
}

/** The name a person's take-over and replies carry: the part of the user's e-mail before the @. */
export const personName = (user: UserRecord) => user.email.split('@')[0] ?? user.email;

const ownSession = (id: string, user: UserRecord) =>
  owned(
    db.chatSessions.findFirst((q) => q.where((s) => s.id === id)),
    user,
    'Chat session',
  );

async function setHandling(record: ReturnType<typeof ownSession>, handling: Handling): Promise<Handling> {
  await db.chatSessions.update(record, {
    data(s) {
      s.handling = handling;
    },
  });
  notifyDbChanged();
  // Every tab of the owner hears it: the list's marks, the open conversation and the waiting count.
  publishLive(record.ownerId, { type: 'handling', sessionId: record.id, handling });
  return handling;
}

/** For tests and provider states: who handles a conversation now (unknown id: nothing happens). */
export async function givenHandling(sessionId: string, handling: Handling): Promise<void> {
  const record = db.chatSessions.findFirst((q) => q.where((s) => s.id === sessionId));
  if (record) await setHandling(record, handling);
}

export const handlingHandlers = [
  authedRoute('post', '/chat-session/:id/take-over', async ({ request, params, user }) => {
    const session = ownSession(params.id ?? '', user);
    const { minutes } = await readBody(request, TakeOverBodySchema);
    // One instant for both ends: a pause is exactly as long as chosen.
    const at = now();
    const since = new Date(at).toISOString();
    const until = minutes === null ? null : new Date(at + minutes * MINUTE).toISOString();
    const handling: Handling = { by: 'person', name: personName(user), reason: 'takenOver', since, until };
    // Taking over from the bot is a hand-off of its own; answering one that waits is not a second one.
    const was = handlingNow(session).by;
    if (was === 'bot') await logHandoff(user.id, session.id, 'takenOver', since);
    return HttpResponse.json(await setHandling(session, handling));
  }),

  authedRoute('post', '/chat-session/:id/hand-back', async ({ params, user }) => {
    const session = ownSession(params.id ?? '', user);
    return HttpResponse.json(await setHandling(session, { by: 'bot' }));
  }),

  authedRoute('post', '/chat-session/:id/reply', async ({ request, params, user }) => {
    const session = ownSession(params.id ?? '', user);
    const { content } = await readBody(request, ReplyBodySchema);
    if (handlingNow(session).by !== 'person') {
      return errorResponse(409, 'Take the conversation over before replying', {
        code: ErrorCodes.notHandling,
      });
    }
    const message: ChatMessage = {
      id: newId('msg'),
      content,
      sender: 'person',
      sentAt: isoNow(),
      senderName: personName(user),
    };
    await db.chatMessages.create({ ...message, sessionId: session.id, ownerId: user.id });
    await logPersonReply(user.id, session.id, message.sentAt);
    notifyDbChanged();
    publishLive(user.id, { type: 'message', sessionId: session.id, message });
    return HttpResponse.json(message);
  }),

  authedRoute('get', '/chat-session/waiting/count', ({ user }) => {
    const count = db.chatSessions
      .findMany((q) => q.where((s) => s.ownerId === user.id))
      .filter((s) => handlingNow(s).by === 'waiting').length;
    return HttpResponse.json({ count });
  }),
];
