import { HttpResponse } from 'msw';
import type { Ok } from '../../src/api/schemas/common';
import {
  PlanBodySchema,
  PlanStatus,
  type TokenRemaining,
  type TokenResetTime,
  type UserMembership,
} from '../../src/api/schemas/membership';
import { now } from '../clock';
import { db, newId, type UserRecord } from '../db';
import { nextMonthStart, startOfMonth } from '../periods';
import { findPlan, isUnlimited, membershipOf, messagesOf, planOf, tokensOf } from '../rules';
import { authedRoute, fail, readBody } from './common';

function requireAdmin(user: UserRecord): void {
  if (!user.isAdmin) throw fail.forbidden('Only administrators can manage plans');
}

function livePlan(id: string) {
  const plan = findPlan(id);
  if (!plan || plan.status === PlanStatus.deleted) throw fail.notFound('Plan');
  return plan;
}

export const membershipHandlers = [
  authedRoute('get', '/membership/plans', () =>
    HttpResponse.json(
      db.plans
        .findMany((q) => q.where((p) => p.status !== PlanStatus.deleted))
        .sort((a, b) => a.level - b.level),
    ),
  ),

  authedRoute('get', '/membership/user', ({ user }) => {
    const plan = planOf(user.id);
    const membership = membershipOf(user.id);
    const answer: UserMembership = {
      name: plan.name,
      level: plan.level,
      endDate: membership?.planId === plan.id ? membership.endDate : null,
      // Beyond the spec's answer, as a subscription provider says it: whether the plan renews at endDate.
      ...(membership?.planId === plan.id && membership.endDate
        ? { cancelAtPeriodEnd: membership.cancelAtPeriodEnd ?? false }
        : {}),
      instanceLimit: plan.instanceLimit,
      chatbotLimit: plan.chatbotLimit,
      monthlyTokenLimit: plan.monthlyTokenLimit,
      totalChatSessionLimit: plan.totalChatSessionLimit,
      knowledgeBaseFileLimit: plan.knowledgeBaseFileLimit,
    };
    return HttpResponse.json(answer);
  }),

  authedRoute('get', '/membership/user/token-reset-time', () =>
    HttpResponse.json<TokenResetTime>({ resetTime: new Date(nextMonthStart(now())).toISOString() }),
  ),

  authedRoute('get', '/membership/user/token-remaining', ({ user }) => {
    const limit = planOf(user.id).monthlyTokenLimit;
    if (isUnlimited(limit)) return HttpResponse.json<TokenRemaining>({ remaining: limit, limit });
    const used = messagesOf(user.id, [startOfMonth(now()), Number.POSITIVE_INFINITY]).reduce(
      (sum, m) => sum + tokensOf(m.content),
      0,
    );
    return HttpResponse.json<TokenRemaining>({ remaining: Math.max(0, limit - used), limit });
  }),

  authedRoute('post', '/membership', async ({ request, user }) => {
    requireAdmin(user);
    const body = await readBody(request, PlanBodySchema);
    return HttpResponse.json(await db.plans.create({ ...body, id: newId('plan') }));
  }),

  authedRoute('put', '/membership/:id', async ({ request, params, user }) => {
    requireAdmin(user);
    const plan = livePlan(params.id ?? '');
    const body = await readBody(request, PlanBodySchema);
    const updated = await db.plans.update(plan, {
      data(p) {
        Object.assign(p, body);
      },
    });
    return HttpResponse.json(updated ?? plan);
  }),

  // Deleting keeps the record (status 3): members of the plan keep their limits until it ends.
  authedRoute('delete', '/membership/:id', async ({ params, user }) => {
    requireAdmin(user);
    const plan = livePlan(params.id ?? '');
    await db.plans.update(plan, {
      data(p) {
        p.status = PlanStatus.deleted;
      },
    });
    return HttpResponse.json<Ok>({ success: true });
  }),
];
