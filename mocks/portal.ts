import type { ScheduleTypeCode } from '../src/api/schemas/payments';
import { isoNow } from './clock';
import { db, notifyDbChanged } from './db';
import { findPlan, membershipOf } from './rules';

/**
 * The demo's stand-in for the payment provider's customer portal, reached from Manage subscription. It names
 * the subscription by the paid checkout the app passes, and changes what a provider's portal changes: whether
 * the plan renews, the cycle of the next period, the card it is charged to.
 */
export interface PortalSummary {
  sessionId: string;
  planName: string;
  scheduleType: ScheduleTypeCode | null;
  endDate: string | null;
  cancelAtPeriodEnd: boolean;
  /** Minor units, per cycle. */
  monthlyPrice: number;
  yearlyPrice: number;
  currency: string;
  card: { brand: string; last4: string } | null;
}

/** The subscription a paid plan checkout started: its user's current membership, if it is still that plan. */
function subscriptionOf(sessionId: string) {
  const checkout = db.checkouts.findFirst((q) => q.where((c) => c.sessionId === sessionId));
  if (checkout?.status !== 'paid' || checkout.invoiceId) return null;
  const membership = membershipOf(checkout.userId);
  const plan = membership ? findPlan(membership.planId) : undefined;
  if (!membership || !plan || plan.level === 0) return null;
  return { userId: checkout.userId, membership, plan };
}

/** What the portal shows; null for a session that names no running subscription. */
export function getPortal(sessionId: string): PortalSummary | null {
  const found = subscriptionOf(sessionId);
  if (!found) return null;
  const { membership, plan, userId } = found;
  const card = db.paymentMethods.findFirst((q) => q.where((c) => c.ownerId === userId && c.isDefault));
  return {
    sessionId,
    planName: plan.name,
    scheduleType: membership.scheduleType,
    endDate: membership.endDate,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd ?? false,
    monthlyPrice: Math.round(plan.monthlyPrice * 100),
    yearlyPrice: Math.round(plan.yearlyPrice * 100),
    currency: 'usd',
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}

async function change(
  sessionId: string,
  apply: (m: { cancelAtPeriodEnd?: boolean; scheduleType: ScheduleTypeCode | null }) => void,
) {
  const found = subscriptionOf(sessionId);
  if (!found) return null;
  await db.memberships.update(found.membership, { data: apply });
  notifyDbChanged();
  return getPortal(sessionId);
}

/** Cancel at period end (false: keep renewing, as a resumed subscription does). */
export const setCancelAtPeriodEnd = (sessionId: string, cancel: boolean) =>
  change(sessionId, (m) => {
    m.cancelAtPeriodEnd = cancel;
  });

/** The next period is billed monthly or yearly; the current one runs to its end as paid. */
export const switchCycle = (sessionId: string, scheduleType: ScheduleTypeCode) =>
  change(sessionId, (m) => {
    m.scheduleType = scheduleType;
  });

/** Update card: a card setup for the subscription's user, completed on the demo's card form. */
export async function startCardUpdate(sessionId: string): Promise<string | null> {
  const found = subscriptionOf(sessionId);
  if (!found) return null;
  const setup = `seti_demo_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
  await db.cardSetups.create({
    sessionId: setup,
    userId: found.userId,
    status: 'pending',
    createdAt: isoNow(),
    paymentMethodId: null,
  });
  return setup;
}
