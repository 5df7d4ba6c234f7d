import { HttpResponse } from 'msw';
import {
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  SessionSearchBodySchema,
  StarBodySchema,
  type StarResult,
} from '../../src/api/schemas/chatSessions';
import { analyzeConversation } from '../conversations';
import { type ChatSessionRecord, db, type UserRecord } from '../db';
import { periodOfSessionFilter, within } from '../periods';
import { authedRoute, owned, readBody, withoutOwner } from './common';
import { handlingNow } from './handling';
import { answeringBot, withDefaultPause } from './handoff';

const toSession = (record: ChatSessionRecord): ChatSession => withoutOwner(record);

/** A stored message as the API tells it: without its owner and session, with who wrote it when a person did. */
export const plainMessage = ({
  id,
  content,
  sender,
  sentAt,
  senderName,
  fromPhone,
}: ChatMessage): ChatMessage => ({
  id,
  content,
  sender,
  sentAt,
  ...(senderName === undefined ? {} : { senderName }),
  ...(fromPhone === undefined ? {} : { fromPhone }),
});

/** Each of the user's conversations' latest message, by session id (one pass over the messages). */
function latestMessages(ownerId: string): Map<string, ChatMessage> {
  const latest = new Map<string, ChatMessage>();
  for (const m of db.chatMessages.findMany((q) => q.where((x) => x.ownerId === ownerId))) {
    const known = latest.get(m.sessionId);
    if (!known || Date.parse(m.sentAt) >= Date.parse(known.sentAt)) latest.set(m.sessionId, plainMessage(m));
  }
  return latest;
}

const ownSession = (id: string, user: UserRecord) =>
  owned(
    db.chatSessions.findFirst((q) => q.where((s) => s.id === id)),
    user,
    'Chat session',
  );

export function messagesOfSession(sessionId: string): ChatMessage[] {
  return db.chatMessages
    .findMany((q) => q.where((m) => m.sessionId === sessionId))
    .map(plainMessage)
    .sort((a, b) => Date.parse(a.sentAt) - Date.parse(b.sentAt));
}

/** Phone search matches the digits typed anywhere in the number's digits ("138 1234" finds 8613812345678). */
function phoneMatcher(phone: string | undefined): (fromNumber: string) => boolean {
  const typed = phone?.trim() ?? '';
  if (!typed) return () => true;
  const digits = typed.replace(/\D/g, '');
  if (!digits) return (n) => n.toLowerCase().includes(typed.toLowerCase());
  return (n) => n.replace(/\D/g, '').includes(digits);
}

export const chatSessionHandlers = [
  // The server answers every session; hiding newsletters and the placeholder number is the client's job.
  authedRoute('post', '/chat-session/search', async ({ request, user }) => {
    const { phone, filter } = await readBody(request, SessionSearchBodySchema);
    const matchesPhone = phoneMatcher(phone);
    const period = periodOfSessionFilter(filter);
    const sessions = db.chatSessions
      .findMany((q) =>
        q.where(
          (s) =>
            s.ownerId === user.id &&
            matchesPhone(s.fromNumber) &&
            (filter !== SessionFilter.starred || s.isStarred) &&
            (!period || within(s.createdAt, period)),
        ),
      )
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    // Beyond the spec: each conversation's latest message (the list's inbox order and preview) and who
    // handles it.
    const latest = latestMessages(user.id);
    return HttpResponse.json(
      sessions.map((s) => {
        const lastMessage = latest.get(s.id);
        const handling = withDefaultPause(handlingNow(s), s.ownerId);
        // The bot on the owner's line answers every conversation (the demo binds one).
        const chatbotId = answeringBot(s.ownerId)?.id;
        return {
          ...toSession(s),
          ...(lastMessage ? { lastMessage } : {}),
          handling,
          ...(chatbotId ? { chatbotId } : {}),
        };
      }),
    );
  }),

  authedRoute('get', '/chat-session/:id/messages', ({ params, user }) => {
    const session = ownSession(params.id ?? '', user);
    return HttpResponse.json(messagesOfSession(session.id));
  }),

  authedRoute('post', '/chat-session/:id/star', async ({ request, params, user }) => {
    const session = ownSession(params.id ?? '', user);
    const { isStarred } = await readBody(request, StarBodySchema);
    await db.chatSessions.update(session, {
      data(s) {
        s.isStarred = isStarred;
      },
    });
    return HttpResponse.json<StarResult>({ id: session.id, isStarred });
  }),

  authedRoute('post', '/chat-session/:id/analyze', async ({ params, user }) => {
    const session = ownSession(params.id ?? '', user);
    const analysis = analyzeConversation(messagesOfSession(session.id));
    await db.chatSessions.update(session, {
      data(s) {
        s.analysis = analysis;
      },
    });
    return HttpResponse.json(analysis);
  }),
];
