import type { ActivityType } from '../src/api/schemas/dashboard';
import { type MembershipPlan, UNLIMITED } from '../src/api/schemas/membership';
import { isoNow, now } from './clock';
import { type ChatMessageRecord, db, newId } from './db';
import { calendarDate, type Period, startOfCalendarDate, within } from './periods';

/** Server rules shared by several handlers: plans and limits, token accounting, the activity log. */

export const FREE_PLAN_ID = 'plan-free';
/** At most this many chatbots whatever the plan (the product's New option disappears at 3). */
export const MAX_CHATBOTS = 3;

/** The Free plan; also what applies when a user has no plan at all (spec: default instance limit 1). */
export const FREE_PLAN: MembershipPlan = {
  id: FREE_PLAN_ID,
  name: 'Free',
  level: 0,
  description: 'Try it out with one number and one bot',
  instanceLimit: 1,
  chatbotLimit: 1,
  monthlyTokenLimit: 10_000,
  totalChatSessionLimit: 100,
  knowledgeBaseFileLimit: 3,
  monthlyPrice: 0,
  yearlyPrice: 0,
  monthlyPriceId: null,
  yearlyPriceId: null,
  hasAdvancedFeatures: false,
  hasCustomPrompt: false,
  status: 1,
};

export const findPlan = (id: string) => db.plans.findFirst((q) => q.where((p) => p.id === id));
export const membershipOf = (userId: string) =>
  db.memberships.findFirst((q) => q.where((m) => m.userId === userId));

/** The plan whose limits apply now: the membership's, or Free once a paid period has ended. */
export function planOf(userId: string): MembershipPlan {
  const membership = membershipOf(userId);
  const expired = membership?.endDate != null && Date.parse(membership.endDate) <= now();
  const plan = membership && !expired ? findPlan(membership.planId) : undefined;
  return plan ?? findPlan(FREE_PLAN_ID) ?? FREE_PLAN;
}

export const isUnlimited = (limit: number) => limit === UNLIMITED;

/** Instances count against instanceLimit while connected (status 1): a QR nobody scanned binds no number. */
export const connectedInstances = (ownerId: string) =>
  db.instances.findMany((q) => q.where((i) => i.ownerId === ownerId && !i.loggedOut && i.status === 1));

/**
 * Numbers that take a place under instanceLimit: connected ones, and scanned ones still linking (two codes
 * scanned at once must not both slip under the limit before either is connected).
 */
export const numbersTaken = (ownerId: string) =>
  db.instances.findMany((q) =>
    q.where(
      (i) =>
        i.ownerId === ownerId && !i.loggedOut && (i.status === 1 || i.instanceStatus === 'authenticated'),
    ),
  );

export const liveInstances = (ownerId: string) =>
  db.instances.findMany((q) => q.where((i) => i.ownerId === ownerId && !i.loggedOut));

/** A rough token count: about four characters per token, as for English text. */
export const tokensOf = (content: string) => Math.ceil(content.length / 4);

export function messagesOf(ownerId: string, period?: Period): ChatMessageRecord[] {
  return db.chatMessages.findMany((q) =>
    q.where((m) => m.ownerId === ownerId && (!period || within(m.sentAt, period))),
  );
}

/** Tokens per session in the period, keyed by session id. */
export function tokensBySession(ownerId: string, period?: Period): Map<string, number> {
  const totals = new Map<string, number>();
  for (const m of messagesOf(ownerId, period)) {
    totals.set(m.sessionId, (totals.get(m.sessionId) ?? 0) + tokensOf(m.content));
  }
  return totals;
}

/**
 * Tokens per local day of the period, oldest first, one entry for every day from the period's first day (or,
 * for all time, the day of the first message) to its last day or today, whichever comes first; days without
 * messages count 0.
 */
export function tokensByDay(
  ownerId: string,
  period: Period,
  t = now(),
): Array<{ date: string; tokenCount: number }> {
  const messages = messagesOf(ownerId, period);
  const byDay = new Map<string, number>();
  let first = Number.POSITIVE_INFINITY;
  for (const m of messages) {
    const at = Date.parse(m.sentAt);
    first = Math.min(first, at);
    const day = calendarDate(at);
    byDay.set(day, (byDay.get(day) ?? 0) + tokensOf(m.content));
  }
  const from = Number.isFinite(period[0]) ? period[0] : Math.min(first, t);
  const last = calendarDate(Math.min(period[1] - 1, t));
  const days: Array<{ date: string; tokenCount: number }> = [];
  for (let i = 0; ; i++) {
    const date = calendarDate(startOfCalendarDate(calendarDate(from), i));
    if (date > last) break;
    days.push({ date, tokenCount: byDay.get(date) ?? 0 });
  }
  return days;
}

export async function logActivity(
  ownerId: string,
  type: ActivityType,
  description: string,
  createdAt = isoNow(),
) {
  return db.activities.create({ id: newId('act'), ownerId, type, description, createdAt });
}
