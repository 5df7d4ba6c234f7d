// @vitest-environment node

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../src/api/auth';
import * as bots from '../src/api/chatbots';
import * as sessions from '../src/api/chatSessions';
import { configureClient, resetClient } from '../src/api/client';
import * as dashboard from '../src/api/dashboard';
import { ApiError } from '../src/api/errors';
import * as instances from '../src/api/instances';
import * as membership from '../src/api/membership';
import * as payments from '../src/api/payments';
import { BOT_SETTINGS_DEFAULTS } from '../src/api/schemas/chatbots';
import { TimeRange } from '../src/api/schemas/instances';
import { PlanStatus } from '../src/api/schemas/membership';
import { writeUserInfo } from '../src/api/storage';
import { uploadKnowledgeFile } from '../src/api/upload';
import { installMemoryStorage } from '../tests/memoryStorage';
import { completeCheckout } from './handlers/payments';
import { latestCode } from './mailbox';
import { resetAndSeed } from './node';
import { DEMO_ADMIN, DEMO_OWNER } from './seed';
import { BASE, withMockServer } from './testing';

/*
 * The seeded demo through the real client: every function of src/api parses its answer with the client's
 * schema, so any answer of the mock that the client would reject fails here with the endpoint and field.
 */
installMemoryStorage();
withMockServer();

const signInAs = (account: { id: string; token: string }) =>
  writeUserInfo({ accessToken: account.token, id: account.id, userId: account.id });

beforeEach(() => {
  resetClient();
  configureClient({ baseURL: BASE, onUnauthorized: () => {}, currentLocation: () => '/' });
});

describe('the seeded demo parses with the client schemas', () => {
  it('for every read of the owner', async () => {
    await resetAndSeed();
    signInAs(DEMO_OWNER);
    expect(await auth.getCurrentUser()).toEqual({
      id: DEMO_OWNER.id,
      email: DEMO_OWNER.email,
      isAdmin: false,
    });

    await dashboard.getMessageComparison();
    await dashboard.getWhatsappUserComparison();
    expect((await dashboard.getActiveChatbotCount()).count).toBe(3);
    // The Starter plan's one number is waiting to be linked again.
    expect((await dashboard.getActiveInstanceCount()).count).toBe(0);
    expect((await dashboard.getActivityLog()).length).toBeGreaterThan(5);

    const list = await instances.listInstances();
    for (const i of list) await instances.getInstance(i.id);
    for (const code of Object.values(TimeRange)) await instances.getUsageInfo(code);

    const chatbots = await bots.listChatbots();
    await bots.listUserChatbots(DEMO_OWNER.id);
    for (const b of chatbots) {
      await bots.getChatbot(b.id);
      await bots.getKnowledgeBase(b.id);
    }
    const reply = await bots.sendTestMessage(chatbots[0]?.id ?? '', { message: 'Do you ship to Taipei?' });
    await bots.sendTestMessage(chatbots[0]?.id ?? '', { message: 'Thanks!', threadId: reply.threadId });

    for (const filter of [1, 2, 3, 4, 5] as const) await sessions.searchSessions({ filter });
    const all = await sessions.searchSessions({ filter: 1, phone: '86' });
    for (const s of all.slice(0, 20)) await sessions.getSessionMessages(s.id);
    const first = all[0];
    if (!first) throw new Error('no sessions');
    await sessions.starSession(first.id, !first.isStarred);
    await sessions.analyzeSession(first.id);

    const plans = await membership.listPlans();
    expect(plans.filter((p) => p.status === PlanStatus.active).map((p) => p.name)).toEqual([
      'Free',
      'Starter',
      'Pro',
    ]);
    await membership.getUserMembership();
    await membership.getTokenResetTime();
    const tokens = await membership.getTokenRemaining();
    expect(tokens.remaining).toBeGreaterThan(0);

    await payments.getSubscriptionManagementUrl('cs_any');
    // The owner's trial has no payment yet: an upgrade goes through the demo checkout.
    const { redirectUrl } = await payments.createPayment({ membershipId: 'plan-pro', scheduleType: 1 });
    const sessionId = new URL(redirectUrl ?? '').searchParams.get('session_id') ?? '';
    await completeCheckout(sessionId);
    expect((await payments.getPaymentSession(sessionId)).membership.name).toBe('Pro');
  });

  it('for every write, as the admin', async () => {
    await resetAndSeed();
    signInAs(DEMO_ADMIN);
    const file = await uploadKnowledgeFile(
      new File(['Opening hours 9-18'], 'hours.txt', { type: 'text/plain' }),
    );
    const bot = await bots.createChatbot(DEMO_ADMIN.id, {
      name: 'Admin bot',
      description: null,
      prompt: 'You are the support assistant of Demo Inc.',
      platform: 'openai',
      model: 'gpt-4.1',
      temperature: '0.5',
      maxTokens: 1000,
      settings: { ...BOT_SETTINGS_DEFAULTS },
      stop: null,
      type: 'chat',
      knowledgeBaseIds: [file.knowledgeFileId],
    });
    await bots.updateChatbot(bot.id, {
      ...bot,
      description: 'Changed',
      knowledgeBaseIds: [],
    });
    const instance = await instances.createInstance();
    for (let i = 0; i < 4; i++) await instances.getInstance(instance.id);
    expect((await instances.getInstance(instance.id)).instanceStatus).toBe('ready');
    await instances.updateInstance(instance.id, { instanceName: 'Desk', chatbotId: bot.id });
    await instances.logoutInstance(instance.id);
    await bots.deleteChatbot(bot.id);

    const [, starter] = await membership.listPlans();
    if (!starter) throw new Error('no Starter plan');
    const { id: _id, ...planBody } = starter;
    const plan = await membership.createPlan({ ...planBody, name: 'Team', level: 2 });
    await membership.updatePlan(plan.id, { ...planBody, name: 'Team+', level: 2 });
    await membership.deletePlan(plan.id);
  });

  it('for the sign-in calls', async () => {
    await resetAndSeed();
    await auth.sendCode(DEMO_OWNER.email);
    const info = await auth.loginWithCode({
      email: DEMO_OWNER.email,
      code: latestCode(DEMO_OWNER.email) ?? '',
    });
    expect(info.id).toBe(DEMO_OWNER.id);
    const wrong = await auth.loginWithCode({ email: DEMO_OWNER.email, code: '000000' }).catch((e) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 400, code: 'INVALID_CODE' });
  });

  describe('for the large demo', () => {
    // Seeding 10,000 conversations is the fixture, not what is tested: real work that takes what the machine
    // takes, done before the test's time starts (no limit of its own).
    beforeAll(() => resetAndSeed({ size: 'large' }), 0);

    it('lists all 10,000 conversations and reads the 5,000-message one', async () => {
      signInAs(DEMO_OWNER);
      const all = await sessions.searchSessions({ filter: 1 });
      expect(all).toHaveLength(10_000);
      const long = all.find((s) => s.fromNumber === '6591234567@c.us');
      expect(await sessions.getSessionMessages(long?.id ?? '')).toHaveLength(5000);
      await instances.getUsageInfo(TimeRange.all);
    });
  });
});
