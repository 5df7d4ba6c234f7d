import { HttpResponse } from 'msw';
import { NEWSLETTER_MARKER, PLACEHOLDER_NUMBER } from '../../src/api/schemas/chatSessions';
import {
  type ActivityLogEntry,
  type Comparison,
  isTrendPeriod,
  TREND_PERIODS,
  TREND_SERIES,
  type TrendPeriod,
  type TrendPoint,
  type TrendSeriesKey,
} from '../../src/api/schemas/dashboard';
import { DAY, now } from '../clock';
import { analyzeConversation } from '../conversations';
import { type ChatMessageRecord, db } from '../db';
import { startOfDay, within } from '../periods';
import { messagesOf, tokensOf } from '../rules';
import { authedRoute, fail } from './common';

function todayAndYesterday(dates: string[]): Comparison {
  const today = startOfDay(now());
  const yesterday = startOfDay(today - DAY / 2);
  let countsOfToday = 0;
  let countsOfYesterday = 0;
  for (const d of dates) {
    if (within(d, [today, Number.POSITIVE_INFINITY])) countsOfToday++;
    else if (within(d, [yesterday, today])) countsOfYesterday++;
  }
  return { countsOfToday, countsOfYesterday };
}

/** The local calendar day of a time, as YYYY-MM-DD. */
export function dayKey(t: number): string {
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The starts of the last `days` local days, oldest first, today last (calendar days, so DST days are right). */
export function lastDays(days: number, t = now()): number[] {
  const today = new Date(startOfDay(t));
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(today);
    d.setDate(d.getDate() - (days - 1 - i));
    return d.getTime();
  });
}

const isBot = (sender: string) => sender === 'bot' || sender === 'assistant';
/** Newsletters and the system placeholder are not customers (the session list hides them too). */
const isCustomerNumber = (n: string) => !n.includes(NEWSLETTER_MARKER) && n !== PLACEHOLDER_NUMBER;
/** A conversation reads as positive when its analysis gives it more than half positive sentiment. */
const POSITIVE_OVER_PERCENT = 50;

export type TrendSeriesSet = Record<TrendSeriesKey, TrendPoint[]>;

/**
 * The owner's daily series for the last `days` local days, derived from the same conversations and messages
 * as the rest of the demo: messages sent (today's equals "today's conversations"), customers who wrote
 * (distinct WhatsApp numbers), tokens (as usage counts them), and the share of that day's conversations
 * whose analysis is positive (the stored one, else the same analysis the Analyze call gives; null on a day
 * without conversations). Zero-filled, oldest first.
 */
export function trendsOf(ownerId: string, days: TrendPeriod, t = now()): TrendSeriesSet {
  const starts = lastDays(days, t);
  const first = starts[0] ?? startOfDay(t);
  const keys = starts.map(dayKey);
  const index = new Map(keys.map((k, i) => [k, i]));
  const zeros = () => keys.map(() => 0);
  const messages = zeros();
  const tokens = zeros();
  const users = keys.map(() => new Set<string>());
  const conversations = keys.map(() => new Set<string>());

  const sessions = new Map(
    db.chatSessions.findMany((q) => q.where((s) => s.ownerId === ownerId)).map((s) => [s.id, s]),
  );
  // One pass over the owner's messages: the period's by day, and every conversation's, for its analysis.
  const bySession = new Map<string, ChatMessageRecord[]>();
  for (const m of messagesOf(ownerId)) {
    const list = bySession.get(m.sessionId) ?? [];
    list.push(m);
    bySession.set(m.sessionId, list);
    const at = Date.parse(m.sentAt);
    if (at < first) continue;
    const i = index.get(dayKey(at));
    if (i === undefined) continue;
    messages[i] = (messages[i] ?? 0) + 1;
    tokens[i] = (tokens[i] ?? 0) + tokensOf(m.content);
    const number = sessions.get(m.sessionId)?.fromNumber;
    if (!isBot(m.sender) && number && isCustomerNumber(number)) {
      users[i]?.add(number);
      conversations[i]?.add(m.sessionId);
    }
  }
  const positive = new Map<string, boolean>();
  const isPositive = (id: string) => {
    let answer = positive.get(id);
    if (answer === undefined) {
      const analysis = sessions.get(id)?.analysis ?? analyzeConversation(bySession.get(id) ?? []);
      answer = Number(analysis.emotion_positive_percent) > POSITIVE_OVER_PERCENT;
      positive.set(id, answer);
    }
    return answer;
  };
  const points = (values: Array<number | null>): TrendPoint[] =>
    keys.map((date, i) => ({ date, value: values[i] ?? 0 }));
  return {
    messages: points(messages),
    activeUsers: points(users.map((u) => u.size)),
    tokens: points(tokens),
    positiveShare: keys.map((date, i) => {
      const ids = [...(conversations[i] ?? [])];
      const value = ids.length === 0 ? null : ids.filter(isPositive).length / ids.length;
      return { date, value };
    }),
  };
}

/** Why a series the tests make fail is missing, as the server would say it. */
export const TREND_FAILURE_MESSAGE = 'This series could not be computed';

// Series the tests make fail, kept beside the current db: resetDb swaps its collections, which drops these.
const failures = new WeakMap<object, Set<TrendSeriesKey>>();
const failuresOfDb = () => {
  let set = failures.get(db.users);
  if (!set) {
    set = new Set();
    failures.set(db.users, set);
  }
  return set;
};

/**
 * In the demo (QA and end-to-end tests), series listed comma-separated in the tab's session storage under this
 * key fail too, across reloads of the page.
 */
export const TREND_FAILURES_KEY = 'influx-demo-trend-failures';

function failingSeries(): Set<TrendSeriesKey> {
  const set = new Set(failuresOfDb());
  let stored: string | null = null;
  try {
    stored = globalThis.sessionStorage?.getItem(TREND_FAILURES_KEY) ?? null;
  } catch {
    // No session storage (Node, privacy modes): only the fixtures apply.
  }
  for (const name of stored?.split(',') ?? []) {
    if ((TREND_SERIES as readonly string[]).includes(name.trim())) set.add(name.trim() as TrendSeriesKey);
  }
  return set;
}

/** For tests and provider states: the trends answer this series as null, with the server's reason. */
export function givenTrendFailure(series: TrendSeriesKey): void {
  failuresOfDb().add(series);
}

export const dashboardHandlers = [
  authedRoute('get', '/chat-message/compare/yesterday', ({ user }) =>
    HttpResponse.json(todayAndYesterday(messagesOf(user.id).map((m) => m.sentAt))),
  ),

  /** Sessions started, standing for customers who wrote in. */
  authedRoute('get', '/chat-session/count/whatsapp-users', ({ user }) => {
    const sessions = db.chatSessions.findMany((q) => q.where((s) => s.ownerId === user.id));
    return HttpResponse.json(todayAndYesterday(sessions.map((s) => s.createdAt)));
  }),

  authedRoute('get', '/activity-log/list', ({ user }) => {
    const since = now() - DAY;
    const entries = db.activities
      .findMany((q) => q.where((a) => a.ownerId === user.id && Date.parse(a.createdAt) >= since))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .map(({ createdAt, description, type }): ActivityLogEntry => ({ createdAt, description, type }));
    return HttpResponse.json(entries);
  }),

  /** Daily series for the last 7, 30 or 90 days; a failing series is null (with its reason) and fails alone. */
  authedRoute('get', '/dashboard/trends', ({ request, user }) => {
    const days = Number(new URL(request.url).searchParams.get('days'));
    if (!isTrendPeriod(days)) throw fail.validation(`days: must be one of ${TREND_PERIODS.join(', ')}`);
    const series: Record<TrendSeriesKey, TrendPoint[] | null> = trendsOf(user.id, days);
    const errors: Partial<Record<TrendSeriesKey, string>> = {};
    for (const key of failingSeries()) {
      series[key] = null;
      errors[key] = TREND_FAILURE_MESSAGE;
    }
    return HttpResponse.json({ days, series, ...(Object.keys(errors).length > 0 ? { errors } : {}) });
  }),
];
