// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MARKER, PLACEHOLDER_NUMBER } from '../src/api/schemas/chatSessions';
import { DAY, HOUR, MINUTE, setNow } from './clock';
import { db } from './db';
import {
  DEMO_BOTS,
  DEMO_OWNER,
  demoActivity,
  demoChatbot,
  demoLine,
  FEATURED_CONVERSATIONS,
  featuredConversation,
  seedDemo,
} from './seed';
import { call, withMockServer } from './testing';

withMockServer();

const T = Date.parse('2026-11-19T15:00:00');
const dump = () => JSON.stringify(Object.entries(db).map(([name, c]) => [name, c.all()]));

describe('seedDemo', () => {
  // Three whole seeds: real work, whose length is the machine's (over 5 s on a busy two-core machine); the
  // suite's test time limit is for a hang only.
  it('is deterministic for the same clock', async () => {
    setNow(() => T);
    await seedDemo();
    const first = dump();
    await seedDemo();
    expect(dump()).toBe(first);
    setNow(() => T + DAY);
    await seedDemo();
    expect(dump()).not.toBe(first);
  });

  it('gives the owner the described demo', async () => {
    setNow(() => T);
    const { owner, admin } = await seedDemo();
    const token = DEMO_OWNER.token;
    expect(owner).toMatchObject({ email: 'owner@demo.test', isAdmin: false, token });
    expect(admin).toMatchObject({ email: 'admin@demo.test', isAdmin: true });

    const membership = (await call('GET', '/membership/user', { token })).body;
    expect(membership.name).toBe('Starter');
    const daysLeft = (Date.parse(membership.endDate) - T) / DAY;
    // A Starter trial with a few days left.
    expect(daysLeft).toBeGreaterThan(3);
    expect(daysLeft).toBeLessThan(8);
    expect((await call('GET', '/membership/user', { token: admin.token })).body.name).toBe('Pro');

    const bots = (await call('GET', '/chatbots', { token })).body;
    expect(bots).toHaveLength(3);
    for (const b of bots) expect(b.KnowledgeBaseFile.length).toBeGreaterThanOrEqual(1);

    // Starter's one number, its phone unlinked a few minutes ago: it waits for a new scan.
    const instances = (await call('GET', '/whatsapp/list', { token })).body;
    expect(instances).toEqual([
      expect.objectContaining({
        instanceName: 'Main support line',
        status: 0,
        instanceStatus: 'qr',
        phoneNumber: '14155550123',
        chatbotId: bots.find((b: { name: string }) => b.name.startsWith('Ava'))?.id,
      }),
    ]);
    expect(T - Date.parse(instances[0].lastActiveAt)).toBe(5 * MINUTE);

    const sessions = (await call('POST', '/chat-session/search', { token, body: { filter: 1 } })).body;
    expect(sessions.length).toBeGreaterThanOrEqual(280);
    expect(sessions.some((s: { fromNumber: string }) => s.fromNumber.includes(NEWSLETTER_MARKER))).toBe(true);
    expect(sessions.some((s: { fromNumber: string }) => s.fromNumber === PLACEHOLDER_NUMBER)).toBe(true);
    const normal = sessions.filter((s: { fromNumber: string }) => /^\d{10,15}@c\.us$/.test(s.fromNumber));
    expect(normal.length).toBeGreaterThan(sessions.length - 5);
    const starred = sessions.filter((s: { isStarred: boolean }) => s.isStarred).length;
    const analysed = sessions.filter((s: { analysis: unknown }) => s.analysis).length;
    expect(starred).toBeGreaterThan(10);
    expect(analysed / sessions.length).toBeGreaterThan(0.35);
    expect(analysed / sessions.length).toBeLessThan(0.65);
    const oldest = Date.parse(sessions.at(-1).createdAt);
    expect(T - oldest).toBeLessThan(61 * DAY);

    const lengths = new Map<string, number>();
    for (const m of db.chatMessages.all()) lengths.set(m.sessionId, (lengths.get(m.sessionId) ?? 0) + 1);
    const counts = normal.map((s: { id: string }) => lengths.get(s.id) ?? 0);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...counts)).toBeLessThanOrEqual(40);
    for (const m of db.chatMessages.all()) expect(Date.parse(m.sentAt)).toBeLessThanOrEqual(T);

    const compare = (await call('GET', '/chat-message/compare/yesterday', { token })).body;
    expect(compare.countsOfToday).toBeGreaterThan(0);
    expect(compare.countsOfYesterday).toBeGreaterThan(0);
    expect(compare.countsOfToday).not.toBe(compare.countsOfYesterday);

    // The number was bound long ago: binding one in the demo adds the day's first instance_bound entry.
    const log = (await call('GET', '/activity-log/list', { token })).body;
    expect(new Set(log.map((a: { type: string }) => a.type))).toEqual(
      new Set(['user_connected', 'agent_updated', 'knowledge_updated']),
    );
    for (const a of log) expect(T - Date.parse(a.createdAt)).toBeLessThanOrEqual(DAY);
    expect(db.activities.count()).toBeGreaterThan(log.length);
  });

  it('tells one story: the owner’s records fit the Starter plan, and the dashboard counts them', async () => {
    setNow(() => T);
    await seedDemo();
    const token = DEMO_OWNER.token;
    const get = async (path: string) => (await call('GET', path, { token })).body;
    const plan = await get('/membership/user');
    expect(plan).toMatchObject({ name: 'Starter', instanceLimit: 1, chatbotLimit: 3 });

    // Room for the one number the plan allows; bots and files within their limits.
    const instances = await get('/whatsapp/list');
    const connected = instances.filter((i: { status: number }) => i.status === 1);
    expect(instances.length).toBeLessThanOrEqual(plan.instanceLimit);
    expect(connected.length).toBeLessThan(plan.instanceLimit);
    const bots = await get('/chatbots');
    expect(bots.length).toBeLessThanOrEqual(plan.chatbotLimit);
    const files = db.knowledgeFiles.findMany((q) => q.where({ ownerId: DEMO_OWNER.id }));
    expect(files.length).toBeLessThanOrEqual(plan.knowledgeBaseFileLimit);

    // A month of conversations and tokens within the month's quotas, whatever the day of the month.
    const month = (await call('POST', '/whatsapp/usage-info', { token, body: { timeRange: 3 } })).body;
    expect(month.usageInfos.length).toBeLessThanOrEqual(plan.totalChatSessionLimit);
    expect(month.totalTokenCount).toBeLessThan(plan.monthlyTokenLimit);
    expect((await get('/membership/user/token-remaining')).remaining).toBeGreaterThan(0);
    expect(month).toMatchObject({ nowInstanceNum: connected.length, maxInstanceNum: plan.instanceLimit });

    // The dashboard's figures are the records'.
    expect(await get('/whatsapp/count/active')).toEqual({ count: connected.length });
    expect(await get('/chatbots/count/active')).toEqual({ count: bots.length });
    const messages = db.chatMessages.findMany((q) => q.where({ ownerId: DEMO_OWNER.id }));
    const today = new Date(T).setHours(0, 0, 0, 0);
    const sentToday = messages.filter((m) => Date.parse(m.sentAt) >= today).length;
    expect((await get('/chat-message/compare/yesterday')).countsOfToday).toBe(sentToday);
    // Customers wrote through the line until its phone was unlinked.
    const lastMessage = Math.max(...messages.map((m) => Date.parse(m.sentAt)));
    expect(lastMessage).toBeLessThanOrEqual(Date.parse(instances[0].lastActiveAt));

    // "New user connected" entries name numbers whose first conversation is in the last 24 hours.
    const sessions = db.chatSessions.findMany((q) => q.where({ ownerId: DEMO_OWNER.id }));
    const log = await get('/activity-log/list');
    const newCustomers = log.filter((a: { type: string }) => a.type === 'user_connected');
    expect(newCustomers).toHaveLength(7);
    for (const entry of newCustomers) {
      const digits = entry.description.match(/^New user connected: \+([\d ]+)$/)?.[1].replaceAll(' ', '');
      const theirs = sessions.filter((x) => x.fromNumber === `${digits}@c.us`);
      const first = Math.min(...theirs.map((x) => Date.parse(x.createdAt)));
      expect(first).toBe(Date.parse(entry.createdAt));
      expect(T - first).toBeLessThan(DAY);
    }
  });

  it('writes the fixed records it exports, as its builders give them', async () => {
    setNow(() => T);
    await seedDemo();
    const token = DEMO_OWNER.token;
    const bots = (await call('GET', '/chatbots', { token })).body;
    expect(bots).toEqual(Object.values(DEMO_BOTS).map((b) => expect.objectContaining(demoChatbot(b, T))));
    expect((await call('GET', '/whatsapp/list', { token })).body).toEqual([
      expect.objectContaining(demoLine(T)),
    ]);
    for (const c of Object.values(FEATURED_CONVERSATIONS)) {
      const { session, messages } = featuredConversation(c, T);
      const found = (await call('POST', '/chat-session/search', { token, body: { filter: 1 } })).body.find(
        (s: { id: string }) => s.id === c.id,
      );
      // Beyond the spec, the search tells each conversation's latest message, who handles it (with the pause
      // a take-over starts with, the demo bot's default) and the bot that answers it (the first one, on the line).
      expect(found).toEqual({
        ...session,
        lastMessage: messages.at(-1),
        handling: { by: 'bot', pauseMinutes: 30 },
        chatbotId: bots[0].id,
      });
      expect((await call('GET', `/chat-session/${c.id}/messages`, { token })).body).toEqual(messages);
    }
    const log = db.activities.findMany((q) => q.where({ ownerId: DEMO_OWNER.id }));
    for (const entry of demoActivity(T)) expect(log).toContainEqual(expect.objectContaining(entry));

    // Connected in the limits-reached variant.
    await seedDemo({ limitsReached: true });
    expect((await call('GET', '/whatsapp/list', { token })).body).toEqual([
      expect.objectContaining(demoLine(T, true)),
    ]);
  });

  it('lists the featured conversations first, whatever the time of day', async () => {
    const featured = Object.values(FEATURED_CONVERSATIONS)
      .sort((a, b) => a.startedAgo - b.startedAgo)
      .map((c) => c.id);
    const midnight = new Date(T).setHours(0, 0, 0, 0);
    for (const at of [T, midnight + 40 * MINUTE, midnight + 9 * HOUR, midnight + DAY - 10 * MINUTE]) {
      setNow(() => at);
      await seedDemo();
      const listed = (
        await call('POST', '/chat-session/search', { token: DEMO_OWNER.token, body: { filter: 1 } })
      ).body
        .filter(
          (s: { fromNumber: string }) =>
            !s.fromNumber.includes(NEWSLETTER_MARKER) && s.fromNumber !== PLACEHOLDER_NUMBER,
        )
        .map((s: { id: string }) => s.id);
      expect(listed.slice(0, featured.length), new Date(at).toISOString()).toEqual(featured);
    }
  });

  it('lets the owner bind one number; then the plan is full, at creation and at a scan', async () => {
    setNow(() => T);
    await seedDemo();
    const token = DEMO_OWNER.token;
    const created = await call('POST', '/whatsapp/create-instance', { token, body: {} });
    expect(created.body).toMatchObject({ instanceName: 'Instance 2', instanceStatus: 'qr' });
    for (let i = 0; i < 4; i++) await call('GET', `/whatsapp/${created.body.id}`, { token });
    expect((await call('GET', '/whatsapp/count/active', { token })).body).toEqual({ count: 1 });
    const log = (await call('GET', '/activity-log/list', { token })).body;
    expect(log[0]).toMatchObject({ type: 'instance_bound', description: 'New instance bound: Instance 2' });

    const limit = { code: 'PLAN_LIMIT_REACHED', limit: { name: 'instanceLimit', max: 1 } };
    expect(await call('POST', '/whatsapp/create-instance', { token, body: {} })).toMatchObject({
      status: 403,
      body: limit,
    });
    // Linking the support line again would be a second number.
    const [main] = (await call('GET', '/whatsapp/list', { token })).body;
    for (let i = 0; i < 2; i++) await call('GET', `/whatsapp/${main.id}`, { token });
    expect(await call('GET', `/whatsapp/${main.id}`, { token })).toMatchObject({ status: 403, body: limit });
  });

  it('seeds the large demo quickly', async () => {
    // CPU time of this process, not wall time: what the seed costs, whatever else the machine is running.
    const started = process.cpuUsage();
    await seedDemo({ size: 'large' });
    const { user, system } = process.cpuUsage(started);
    const ms = (user + system) / 1000;
    expect(db.chatSessions.count()).toBe(10_000);
    const longest = Math.max(
      ...[...Map.groupBy(db.chatMessages.all(), (m) => m.sessionId).values()].map((list) => list.length),
    );
    expect(longest).toBe(5000);
    // 0.5 to 2 s here, idle or busy.
    expect(ms).toBeLessThan(5000);
  });

  it('leaves the accounts empty in the empty variant, and fills allowances in limits-reached', async () => {
    await seedDemo({ empty: true });
    const token = DEMO_OWNER.token;
    expect((await call('GET', '/chatbots', { token })).body).toEqual([]);
    expect((await call('POST', '/chat-session/search', { token, body: { filter: 1 } })).body).toEqual([]);
    expect((await call('GET', '/activity-log/list', { token })).body).toEqual([]);

    const { admin } = await seedDemo({ limitsReached: true });
    const refused = await call('POST', '/whatsapp/create-instance', { token: admin.token, body: {} });
    expect(refused.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'instanceLimit', max: 3 },
    });
    expect((await call('POST', '/whatsapp/create-instance', { token, body: {} })).status).toBe(403);
  });
});
