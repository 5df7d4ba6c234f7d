// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MembershipPlanListSchema, type PlanBody } from '../src/api/schemas/membership';
import { setNow } from './clock';
import { givenChatSession, givenUser } from './fixtures';
import { call, withMockServer } from './testing';

withMockServer();

const growth: PlanBody = {
  name: 'Growth',
  level: 2,
  description: 'For growing teams',
  instanceLimit: 2,
  chatbotLimit: 3,
  monthlyTokenLimit: 200_000,
  totalChatSessionLimit: 1000,
  knowledgeBaseFileLimit: 10,
  monthlyPrice: 199,
  yearlyPrice: 1990,
  monthlyPriceId: 'price_growth_monthly',
  yearlyPriceId: 'price_growth_yearly',
  hasAdvancedFeatures: true,
  hasCustomPrompt: true,
  status: 1,
};

describe('membership', () => {
  it('lists the plans by level, inactive Enterprise included', async () => {
    const u = await givenUser({ email: 'u@b.test' });
    const plans = MembershipPlanListSchema.parse(
      (await call('GET', '/membership/plans', { token: u.token })).body,
    );
    expect(plans.map((p) => [p.id, p.level, p.status])).toEqual([
      ['plan-free', 0, 1],
      ['plan-starter', 1, 1],
      ['plan-pro', 2, 1],
      ['plan-enterprise', 3, 2],
    ]);
    expect(plans[1]).toMatchObject({
      monthlyPrice: 99,
      yearlyPrice: 990,
      monthlyPriceId: 'price_starter_monthly',
    });
  });

  it('refuses plan administration to a regular user', async () => {
    const u = await givenUser({ email: 'u@b.test' });
    for (const [method, path] of [
      ['POST', '/membership'],
      ['PUT', '/membership/plan-pro'],
      ['DELETE', '/membership/plan-pro'],
    ] as const) {
      const answer = await call(method, path, {
        token: u.token,
        body: method === 'DELETE' ? undefined : growth,
      });
      expect(answer, path).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Only administrators can manage plans' },
      });
    }
  });

  it('lets an admin create, update and delete (status 3, then hidden) a plan', async () => {
    const admin = await givenUser({ email: 'admin@b.test', isAdmin: true });
    const created = await call('POST', '/membership', { token: admin.token, body: growth });
    expect(created.body).toMatchObject({ ...growth, id: expect.any(String) });
    const id = created.body.id;
    const updated = await call('PUT', `/membership/${id}`, {
      token: admin.token,
      body: { ...growth, level: 3 },
    });
    expect(updated.body).toMatchObject({ id, level: 3 });
    const invalid = await call('PUT', `/membership/${id}`, {
      token: admin.token,
      body: { ...growth, level: 'x' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(invalid.body.message).toMatch(/^level: /);
    expect(await call('DELETE', `/membership/${id}`, { token: admin.token })).toEqual({
      status: 200,
      body: { success: true },
    });
    const ids = (await call('GET', '/membership/plans', { token: admin.token })).body.map(
      (p: { id: string }) => p.id,
    );
    expect(ids).not.toContain(id);
    expect((await call('DELETE', `/membership/${id}`, { token: admin.token })).status).toBe(404);
  });

  it('answers the token reset time and the tokens left this month', async () => {
    const t = Date.parse('2026-11-20T10:00:00');
    setNow(() => t);
    const u = await givenUser({ email: 'u@b.test', planName: 'Starter' });
    await givenChatSession(u.id, {
      createdAt: new Date(t - 3600_000).toISOString(),
      messages: [{ content: 'a'.repeat(4000) }],
    });
    await givenChatSession(u.id, {
      createdAt: '2026-10-02T10:00:00',
      messages: [{ content: 'b'.repeat(4000) }],
    });
    const reset = (await call('GET', '/membership/user/token-reset-time', { token: u.token })).body;
    expect(new Date(reset.resetTime)).toEqual(new Date('2026-12-01T00:00:00'));
    expect((await call('GET', '/membership/user/token-remaining', { token: u.token })).body).toEqual({
      remaining: 100_000 - 1000,
      limit: 100_000,
    });
  });
});
