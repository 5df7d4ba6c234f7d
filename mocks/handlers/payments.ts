import { HttpResponse } from 'msw';
import { PlanStatus } from '../../src/api/schemas/membership';
import {
  CreatePaymentBodySchema,
  type CreatePaymentResult,
  PaymentSessionBodySchema,
  type PaymentSessionDetails,
  type ScheduleTypeCode,
} from '../../src/api/schemas/payments';
import { DAY, isoNow, now } from '../clock';
import { type CheckoutRecord, db, newId, notifyDbChanged } from '../db';
import { givenMembership } from '../fixtures';
import { findPlan, membershipOf, planOf } from '../rules';
import { authedRoute, fail, readBody } from './common';
import { issueInvoice, markInvoicePaid } from './invoices';

/** The in-app page that stands in for the payment provider's checkout. */
export const DEMO_CHECKOUT_PATH = '/demo-checkout';

const priceOf = (plan: { monthlyPrice: number; yearlyPrice: number }, scheduleType: ScheduleTypeCode) =>
  scheduleType === 2 ? plan.yearlyPrice : plan.monthlyPrice;

const findCheckout = (sessionId: string) =>
  db.checkouts.findFirst((q) => q.where((c) => c.sessionId === sessionId));

/** The origin the app runs on: the page's (Origin header), else the API's. */
export function appOrigin(request: Request): string {
  const origin = request.headers.get('origin');
  return origin && /^https?:\/\//.test(origin) ? origin : new URL(request.url).origin;
}

export interface CheckoutSummary {
  sessionId: string;
  status: CheckoutRecord['status'];
  planName: string;
  scheduleType: ScheduleTypeCode;
  /** Minor units. */
  amount: number;
  currency: string;
  /** The invoice this checkout pays, when it pays one rather than a plan, and its number. */
  invoiceId: string | null;
  invoiceNumber: string | null;
}

function summary(c: CheckoutRecord): CheckoutSummary {
  const { sessionId, status, scheduleType, amount, currency } = c;
  return {
    sessionId,
    status,
    scheduleType,
    amount,
    currency,
    planName: findPlan(c.planId)?.name ?? c.planId,
    invoiceId: c.invoiceId ?? null,
    invoiceNumber: c.invoiceId
      ? (db.invoices.findFirst((q) => q.where((r) => r.id === c.invoiceId))?.number ?? null)
      : null,
  };
}

/** What the demo checkout page shows; null for an unknown session. */
export function getCheckout(sessionId: string): CheckoutSummary | null {
  const c = findCheckout(sessionId);
  return c ? summary(c) : null;
}

/**
 * The demo checkout's "Pay": the session becomes paid. A plan's checkout applies the plan for a month or a
 * year and issues its paid invoice; an invoice's checkout settles that invoice and leaves the membership.
 */
export async function completeCheckout(sessionId: string): Promise<CheckoutSummary | null> {
  const c = findCheckout(sessionId);
  if (c?.status !== 'pending') return null;
  const paid = await db.checkouts.update(c, {
    data(x) {
      x.status = 'paid';
      x.paidAt = isoNow();
      x.paymentId = newId('pi');
    },
  });
  if (c.invoiceId) {
    await markInvoicePaid(c.invoiceId);
  } else {
    await givenMembership(c.userId, { planId: c.planId, scheduleType: c.scheduleType });
    const plan = findPlan(c.planId);
    await issueInvoice(c.userId, {
      description: `${plan?.name ?? c.planId} plan, ${c.scheduleType === 2 ? 'yearly' : 'monthly'}`,
      planId: c.planId,
      scheduleType: c.scheduleType,
      amount: c.amount,
      currency: c.currency,
      status: 'paid',
      issuedAt: paid?.paidAt ?? isoNow(),
      periodEnd: new Date(now() + (c.scheduleType === 2 ? 365 : 30) * DAY).toISOString(),
    });
  }
  notifyDbChanged();
  return paid ? summary(paid) : null;
}

/** The demo checkout's "Cancel": nothing changes but the session's status. */
export async function cancelCheckout(sessionId: string): Promise<CheckoutSummary | null> {
  const c = findCheckout(sessionId);
  if (c?.status !== 'pending') return null;
  const cancelled = await db.checkouts.update(c, {
    data(x) {
      x.status = 'cancelled';
    },
  });
  notifyDbChanged();
  return cancelled ? summary(cancelled) : null;
}

const hasPaidSubscription = (userId: string) =>
  db.checkouts.findFirst((q) =>
    q.where((c) => c.userId === userId && c.status === 'paid' && !c.invoiceId),
  ) !== undefined;

function randomSessionId(): string {
  return `cs_demo_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

export const paymentHandlers = [
  authedRoute('post', '/payments/create', async ({ request, user }) => {
    const { membershipId, scheduleType } = await readBody(request, CreatePaymentBodySchema);
    const plan = findPlan(membershipId);
    if (!plan || plan.status !== PlanStatus.active) throw fail.notFound('Plan');
    const price = priceOf(plan, scheduleType);
    if (scheduleType === 2 && price <= 0 && plan.monthlyPrice > 0) {
      throw fail.validation('scheduleType: this plan has no yearly price');
    }
    const current = planOf(user.id);
    const membership = membershipOf(user.id);
    if (plan.id === current.id && (current.level === 0 || membership?.scheduleType === scheduleType)) {
      throw fail.validation('membershipId: you are already on this plan');
    }
    if (plan.level < current.level)
      throw fail.forbidden(`Cannot downgrade from ${current.name} to ${plan.name}`);

    // A customer with a paid subscription has it changed in place (the provider prorates), and a free plan
    // needs no payment; everyone else (a trial included) goes through checkout.
    if ((current.level > 0 && hasPaidSubscription(user.id)) || price <= 0) {
      await givenMembership(user.id, { planId: plan.id, scheduleType });
      return HttpResponse.json<CreatePaymentResult>({ isUpdate: true });
    }
    const sessionId = randomSessionId();
    await db.checkouts.create({
      sessionId,
      userId: user.id,
      planId: plan.id,
      scheduleType,
      status: 'pending',
      amount: Math.round(price * 100),
      currency: 'usd',
      createdAt: isoNow(),
      paidAt: null,
      paymentId: null,
    });
    const redirectUrl = `${appOrigin(request)}${DEMO_CHECKOUT_PATH}?session_id=${encodeURIComponent(sessionId)}`;
    return HttpResponse.json<CreatePaymentResult>({ redirectUrl });
  }),

  authedRoute('post', '/payments/subscription-by-session-id', async ({ request, user }) => {
    const { sessionId } = await readBody(request, PaymentSessionBodySchema);
    const c = findCheckout(sessionId);
    const plan = c ? findPlan(c.planId) : undefined;
    if (!c || c.userId !== user.id || c.status !== 'paid' || !plan) throw fail.notFound('Payment session');
    const details: PaymentSessionDetails = {
      paymentAmount: c.amount,
      paymentCurrency: c.currency,
      paymentMethod: 'card',
      payments: [{ id: c.paymentId ?? c.sessionId, createdAt: c.paidAt ?? c.createdAt }],
      membership: plan,
    };
    return HttpResponse.json(details);
  }),

  // The demo's stand-in for the provider's customer portal, on the app's own origin like the checkout.
  authedRoute('get', '/payments/subscription-management-url', ({ request }) => {
    const sessionId = new URL(request.url).searchParams.get('sessionId') ?? '';
    const url = `${appOrigin(request)}${DEMO_CHECKOUT_PATH}?portal_session=${encodeURIComponent(sessionId)}`;
    return HttpResponse.json({ url });
  }),
];
