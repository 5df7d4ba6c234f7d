// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { givenChatbot, givenInstance, givenMembership, givenPlan, givenUser } from './fixtures';
import { call, chatbotBody, withMockServer } from './testing';

withMockServer();

const bot = (name: string) => chatbotBody({ name, description: null });

const createBot = (u: { id: string; token: string }, name: string) =>
  call('POST', '/chatbots', { token: u.token, body: bot(name), headers: { 'x-user-id': u.id } });

describe('plan limits', () => {
  it('refuses an instance beyond instanceLimit, counting connected instances', async () => {
    const u = await givenUser({ email: 'free@b.test', planName: 'Free' });
    // A QR nobody scanned binds no number: creating again is allowed.
    expect((await call('POST', '/whatsapp/create-instance', { token: u.token, body: {} })).status).toBe(200);
    await givenInstance(u.id, { status: 1 });
    const refused = await call('POST', '/whatsapp/create-instance', { token: u.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      statusCode: 403,
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'instanceLimit', max: 1 },
    });
    expect(refused.body.message).toMatch(/1 connected instance/);
  });

  it('refuses a chatbot beyond chatbotLimit', async () => {
    const u = await givenUser({ email: 'free@b.test', planName: 'Free' });
    expect((await createBot(u, 'One')).status).toBe(200);
    const refused = await createBot(u, 'Two');
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'PLAN_LIMIT_REACHED', limit: { name: 'chatbotLimit', max: 1 } },
    });
  });

  it('never allows more than 3 chatbots, even on an unlimited plan', async () => {
    await givenPlan({ id: 'plan-unlimited', name: 'Unlimited', chatbotLimit: -1, instanceLimit: -1 });
    const u = await givenUser({ email: 'big@b.test', planName: 'Unlimited' });
    for (const name of ['A', 'B', 'C']) await givenChatbot(u.id, { name });
    const refused = await createBot(u, 'D');
    expect(refused.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'chatbotLimit', max: 3 },
    });
    // -1 instances: no limit.
    for (let i = 0; i < 5; i++) await givenInstance(u.id, { status: 1 });
    expect((await call('POST', '/whatsapp/create-instance', { token: u.token, body: {} })).status).toBe(200);
  });

  it('falls back to Free limits when a paid period has ended', async () => {
    const u = await givenUser({ email: 'lapsed@b.test', planName: 'Pro' });
    await givenMembership(u.id, { planName: 'Pro', endDate: new Date(Date.now() - 1000).toISOString() });
    expect((await call('GET', '/membership/user', { token: u.token })).body).toMatchObject({
      name: 'Free',
      instanceLimit: 1,
      endDate: null,
    });
  });
});
