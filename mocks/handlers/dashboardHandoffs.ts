import { HttpResponse } from 'msw';
import type { HandoffFigures } from '../../src/api/schemas/dashboardHandoffs';
import { DAY, HOUR, MINUTE, now } from '../clock';
import { db, newId } from '../db';
import { startOfDay } from '../periods';
import { authedRoute } from './common';

/** The middle value, or the mean of the two middle ones; null for none. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/**
 * The owner's hand-offs to a person (the log of mocks/handoffLog.ts) today and yesterday, by the local calendar,
 * and the median time from one of today's to a person's first reply, over those answered, in whole seconds.
 */
export function handoffFiguresOf(ownerId: string, t = now()): HandoffFigures {
  const today = startOfDay(t);
  const yesterday = startOfDay(today - DAY / 2);
  let todays = 0;
  let yesterdays = 0;
  const waits: number[] = [];
  for (const h of db.handoffs.findMany((q) => q.where((r) => r.ownerId === ownerId))) {
    const at = Date.parse(h.at);
    if (at >= today) {
      todays++;
      if (h.firstReplyAt !== null) waits.push((Date.parse(h.firstReplyAt) - at) / 1000);
    } else if (at >= yesterday) yesterdays++;
  }
  const wait = median(waits);
  return {
    today: todays,
    yesterday: yesterdays,
    medianFirstReplySeconds: wait === null ? null : Math.round(wait),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** For tests and provider states: a conversation handed to a person at `at`, first answered at `firstReplyAt`. */
export async function givenHandoff(
  ownerId: string,
  at: number,
  firstReplyAt: number | null = null,
): Promise<void> {
  const reply = firstReplyAt === null ? null : iso(firstReplyAt);
  await db.handoffs.create({
    id: newId('handoff'),
    ownerId,
    sessionId: 'sess-handed',
    reason: 'askedForPerson',
    at: iso(at),
    firstReplyAt: reply,
  });
}

/** For provider states: two hand-offs today, one answered after 4 minutes, and one yesterday. */
export async function givenHandoffsTodayAndYesterday(ownerId: string, t = now()): Promise<void> {
  const today = startOfDay(t);
  await givenHandoff(ownerId, today + MINUTE, today + 5 * MINUTE);
  await givenHandoff(ownerId, today + 2 * MINUTE);
  await givenHandoff(ownerId, today - 6 * HOUR, today - 6 * HOUR + 3 * MINUTE);
}

export const dashboardHandoffHandlers = [
  authedRoute('get', '/dashboard/handoffs', ({ user }) => HttpResponse.json(handoffFiguresOf(user.id))),
];
