// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MARKER, PLACEHOLDER_NUMBER } from '../src/api/schemas/chatSessions';
import { DAY, setNow } from './clock';
import { db } from './db';
import { DEMO_OWNER, seedDemo } from './seed';
import { call, withMockServer } from './testing';

withMockServer();

const T = Date.parse('2026-11-19T15:00:00');
const dump = () => JSON.stringify(Object.entries(db).map(([name, c]) => [name, c.all()]));

describe('seedDemo', () => {
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

    const instances = (await call('GET', '/whatsapp/list', { token })).body;
    expect(
      instances.map((i: { status: number; instanceStatus: string }) => [i.status, i.instanceStatus]),
    ).toEqual([
      [1, 'ready'],
      [0, 'disconnected'],
      [0, 'qr'],
    ]);

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

    const log = (await call('GET', '/activity-log/list', { token })).body;
    expect(new Set(log.map((a: { type: string }) => a.type))).toEqual(
      new Set(['user_connected', 'agent_updated', 'knowledge_updated', 'instance_bound']),
    );
    for (const a of log) expect(T - Date.parse(a.createdAt)).toBeLessThanOrEqual(DAY);
    expect(db.activities.count()).toBeGreaterThan(log.length);
  });

  it('seeds the large demo quickly', async () => {
    const started = performance.now();
    await seedDemo({ size: 'large' });
    const ms = performance.now() - started;
    expect(db.chatSessions.count()).toBe(10_000);
    const longest = Math.max(
      ...[...Map.groupBy(db.chatMessages.all(), (m) => m.sessionId).values()].map((list) => list.length),
    );
    expect(longest).toBe(5000);
    // About 0.5 s here; generous for a loaded CI machine.
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
