import {
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type SessionFilterCode,
} from '../../api/schemas/chatSessions';
import { isHiddenNumber, type ListFilter, serverFilter, sessionTime, timeOf } from './sessions';

/** What the chat history knows of live messages, beside the lists themselves. */
export interface LiveState {
  /** Per session, the ids of messages that arrived and were not seen yet: the list's unread mark. */
  unread: Record<string, string[]>;
  /** The reader is at the latest message of the open conversation: new ones are followed, not counted. */
  atBottom: boolean;
  /** Messages that arrived in the open conversation while the reader was scrolled up ("N new messages"). */
  newBelow: string[];
}

export const initialLiveState: LiveState = { unread: {}, atBottom: true, newBelow: [] };

/** The part of the chat history's context a live event changes. */
export interface LiveMergeContext {
  phone: string;
  filter: ListFilter;
  sessions: ChatSession[];
  selected: ChatSession | null;
  messages: ChatMessage[];
  live: LiveState;
}

export type LiveMergeResult = Partial<LiveMergeContext>;

function startOf(filter: SessionFilterCode, now: number): number | null {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  if (filter === SessionFilter.today) return d.getTime();
  if (filter === SessionFilter.thisWeek) {
    d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
    return d.getTime();
  }
  if (filter === SessionFilter.thisMonth) {
    d.setDate(1);
    return d.getTime();
  }
  return null;
}

/**
 * Whether the list as searched would show `session`: the typed digits appear in its number (or the typed text,
 * without digits), a starred filter wants a star, a period filter wants it created in the period (local
 * time, weeks from Monday, as the server counts). The server decides a real search; this only decides
 * whether a conversation that just started belongs in the list on screen.
 */
export function matchesSearch(
  session: ChatSession,
  { phone, filter }: Pick<LiveMergeContext, 'phone' | 'filter'>,
  now: number,
): boolean {
  if (isHiddenNumber(session.fromNumber)) return false;
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, '');
  if (digits && !session.fromNumber.replace(/\D/g, '').includes(digits)) return false;
  if (typed && !digits && !session.fromNumber.toLowerCase().includes(typed.toLowerCase())) return false;
  if (filter === SessionFilter.starred && !session.isStarred) return false;
  const since = startOf(serverFilter(filter), now);
  return since === null || timeOf(session.createdAt) >= since;
}

const addId = (ids: string[] | undefined, id: string): string[] =>
  ids?.includes(id) ? ids : [...(ids ?? []), id];

/**
 * `sessions` with `session` put in its place: latest activity first, and before those as recent as it (what
 * the stream told last is the latest news).
 */
function placed(sessions: readonly ChatSession[], session: ChatSession): ChatSession[] {
  const at = timeOf(sessionTime(session));
  const rest = sessions.filter((s) => s.id !== session.id);
  const index = rest.findIndex((s) => timeOf(sessionTime(s)) <= at);
  rest.splice(index < 0 ? rest.length : index, 0, session);
  return rest;
}

/**
 * A conversation told by the live stream (or found by a poll). A new one that the search on screen would show
 * goes in its place (latest activity first, as the list is ordered) with its messages unread; one the list
 * already has stays as it is (a star being saved is not undone by an older copy). Anything else changes
 * nothing.
 */
export function mergeLiveSession(
  context: LiveMergeContext,
  session: ChatSession,
  now: number = Date.now(),
): LiveMergeResult {
  if (context.sessions.some((s) => s.id === session.id)) return {};
  if (!matchesSearch(session, context, now)) return {};
  const sessions = placed(context.sessions, session);
  const ids = session.messages.map((m) => m.id);
  if (ids.length === 0 || context.selected?.id === session.id) return { sessions };
  const unread = {
    ...context.live.unread,
    [session.id]: ids.reduce(addId, context.live.unread[session.id] ?? []),
  };
  return { sessions, live: { ...context.live, unread } };
}

/** `messages` with `message` in time order (a message is never there twice). */
function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.id === message.id)) return messages;
  const at = timeOf(message.sentAt);
  let index = messages.length;
  while (index > 0 && timeOf((messages[index - 1] as ChatMessage).sentAt) > at) index--;
  const next = messages.slice();
  next.splice(index, 0, message);
  return next;
}

/**
 * A session after a message: one without messages gets it as its first (as search would answer it), and a
 * message later than its latest is its latest (the inbox's time and preview). Unchanged, the same object.
 */
function withMessageSeen(session: ChatSession, message: ChatMessage): ChatSession {
  const first = session.messages.length > 0 ? session.messages : [message];
  const latest = session.lastMessage;
  const later = !latest || (latest.id !== message.id && timeOf(message.sentAt) >= timeOf(latest.sentAt));
  if (first === session.messages && !later) return session;
  return { ...session, messages: first, ...(later ? { lastMessage: message } : {}) };
}

/**
 * A message told by the live stream (or found by a poll). Its conversation in the list shows it as its latest
 * and moves to its place (the top, for a message just written). In the open conversation it is added in time
 * order; a reader at the bottom just sees it (the view follows), a reader scrolled up gets it counted in
 * "N new messages". In another listed conversation it is counted unread. Told twice (a poll after the
 * stream), it counts once.
 */
export function mergeLiveMessage(
  context: LiveMergeContext,
  sessionId: string,
  message: ChatMessage,
): LiveMergeResult {
  const listed = context.sessions.find((s) => s.id === sessionId);
  const seen = listed && withMessageSeen(listed, message);
  const sessions = seen && seen !== listed ? placed(context.sessions, seen) : context.sessions;
  const changedList = sessions !== context.sessions ? { sessions } : {};

  if (context.selected?.id === sessionId) {
    const messages = withMessage(context.messages, message);
    if (messages === context.messages) return changedList;
    const selected = withMessageSeen(context.selected, message);
    const result: LiveMergeResult = { ...changedList, messages, selected };
    if (context.live.atBottom) return result;
    return { ...result, live: { ...context.live, newBelow: addId(context.live.newBelow, message.id) } };
  }
  if (!listed) return changedList;
  const before = context.live.unread[sessionId];
  const after = addId(before, message.id);
  if (after === before) return changedList;
  return {
    ...changedList,
    live: { ...context.live, unread: { ...context.live.unread, [sessionId]: after } },
  };
}

/** A conversation opened: its messages are seen, and the reader starts at its latest one. */
export function openedConversation(live: LiveState, sessionId: string): LiveState {
  const { [sessionId]: _seen, ...unread } = live.unread;
  return { unread, atBottom: true, newBelow: [] };
}

/** The reader scrolled: at the bottom, the new messages below are seen. */
export function scrolled(live: LiveState, atBottom: boolean): LiveState {
  if (live.atBottom === atBottom && (!atBottom || live.newBelow.length === 0)) return live;
  return { ...live, atBottom, newBelow: atBottom ? [] : live.newBelow };
}

/** How many messages of `sessionId` are unread (0 for the open conversation: it is being read). */
export const unreadCount = (live: LiveState, sessionId: string) => live.unread[sessionId]?.length ?? 0;
