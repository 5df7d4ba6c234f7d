import {
  type ChatAnalysis,
  type ChatMessage,
  type ChatSession,
  NEWSLETTER_MARKER,
  PLACEHOLDER_NUMBER,
  SessionFilter,
  type SessionFilterCode,
} from '../../api/schemas/chatSessions';

/** Spec section 5: newsletters and the system placeholder number never appear in the session list. */
export function isHiddenNumber(fromNumber: string): boolean {
  return fromNumber.includes(NEWSLETTER_MARKER) || fromNumber === PLACEHOLDER_NUMBER;
}

/** The sessions the list shows, latest activity first (the server's order among equals). */
export function visibleSessions(sessions: readonly ChatSession[]): ChatSession[] {
  return byLatestActivity(sessions.filter((s) => !isHiddenNumber(s.fromNumber)));
}

/** A server's time as milliseconds; one that is not a time counts as the oldest. */
export const timeOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** An inbox's order: the conversation with the latest message first; a stable sort keeps equals as they were. */
export const byLatestActivity = (sessions: readonly ChatSession[]): ChatSession[] =>
  [...sessions].sort((a, b) => timeOf(sessionTime(b)) - timeOf(sessionTime(a)));

const PERSONAL_SUFFIX = '@c.us';

/**
 * A number as people read it: "8613812345678@c.us" becomes "+8613812345678". Other addresses lose nothing
 * but the personal-chat suffix. The full value stays in the data for calls.
 */
export function displayNumber(fromNumber: string): string {
  const bare = fromNumber.endsWith(PERSONAL_SUFFIX)
    ? fromNumber.slice(0, -PERSONAL_SUFFIX.length)
    : fromNumber;
  return /^\d+$/.test(bare) ? `+${bare}` : bare;
}

/**
 * What a search sends for what was typed: a number in any format ("+86 138-1234 5678", "(415) 555") as its
 * digits, the form the server keeps numbers in; any other text as it is.
 */
export function searchedPhone(typed: string): string {
  const trimmed = typed.trim();
  return /^[\d\s+().-]+$/.test(trimmed) && /\d/.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
}

/** Beyond the spec: a person of the team (a reply sent from here or from the phone). */
export const isPersonSender = (sender: string): boolean => sender.trim().toLowerCase() === 'person';

/** Spec section 3: bot or assistant is the bot; any other sender is the customer. */
export function isBotSender(sender: string): boolean {
  const s = sender.trim().toLowerCase();
  return s === 'bot' || s === 'assistant';
}

/**
 * The list's time, its latest activity: the latest message's, else the first message's (a server that does
 * not tell the latest), else the session's creation.
 */
export function sessionTime(session: ChatSession): string {
  return session.lastMessage?.sentAt ?? session.messages[0]?.sentAt ?? session.createdAt;
}

/** The list's preview: the latest message, else the first (the search answer carries at most that one). */
export function sessionPreview(session: ChatSession): string {
  return (session.lastMessage ?? session.messages[0])?.content ?? '';
}

/** emotion_positive_percent is text ("82", "82%", "82.5"); a number 0..100, or null when it is not one. */
export function positivePercent(analysis: ChatAnalysis | null): number | null {
  if (!analysis) return null;
  const value = Number.parseFloat(analysis.emotion_positive_percent.replace('%', '').trim());
  if (!Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, value));
}

const FILTER_CODES = new Set<number>(Object.values(SessionFilter));

/**
 * Beyond the spec's filters: "Needs a person", the conversations waiting for someone of the team. The list
 * applies it to all of the user's conversations (the server is asked for all: it may not know the filter).
 */
export const NEEDS_PERSON = 'waiting';
export type ListFilter = SessionFilterCode | typeof NEEDS_PERSON;

/** The filter the session search sends for the list's. */
export const serverFilter = (filter: ListFilter): SessionFilterCode =>
  filter === NEEDS_PERSON ? SessionFilter.all : filter;

/** A filter from the address bar; anything else is "all". */
export function toListFilter(value: unknown): ListFilter {
  if (value === NEEDS_PERSON) return NEEDS_PERSON;
  const n = Number(value);
  return FILTER_CODES.has(n) ? (n as SessionFilterCode) : SessionFilter.all;
}

const waitingSince = (session: ChatSession): number | null =>
  session.handling?.by === 'waiting' ? timeOf(session.handling.since) : null;

/**
 * What the list shows of the searched sessions: under "Needs a person", those waiting, the longest waiting
 * first (the customer who has waited longest is answered first); else all of them as they are.
 */
export function listedSessions(sessions: ChatSession[], filter: ListFilter): ChatSession[] {
  if (filter !== NEEDS_PERSON) return sessions;
  return sessions
    .filter((s) => waitingSince(s) !== null)
    .sort((a, b) => (waitingSince(a) ?? 0) - (waitingSince(b) ?? 0));
}

/** The session with `id` changed by `patch`; the array is new only if something changed. */
export function patchSession(
  sessions: ChatSession[],
  id: string,
  patch: Partial<ChatSession>,
): ChatSession[] {
  const index = sessions.findIndex((s) => s.id === id);
  if (index < 0) return sessions;
  const next = sessions.slice();
  next[index] = { ...(sessions[index] as ChatSession), ...patch };
  return next;
}

/**
 * A bot reply and the customer's message it answered (the latest customer message before it; empty when the
 * bot spoke first), for turning a wrong answer into a question-and-answer entry.
 */
export function improvedExchange(messages: ChatMessage[], botMessageId: string) {
  const at = messages.findIndex((m) => m.id === botMessageId);
  const asked = messages
    .slice(0, Math.max(at, 0))
    .findLast((m) => !isBotSender(m.sender) && !isPersonSender(m.sender));
  return { question: asked?.content ?? '', botAnswer: messages[at]?.content ?? '' };
}
