// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { HandoffFiguresSchema } from '../src/api/schemas/dashboardHandoffs';
import { HOUR, MINUTE, setNow } from './clock';
import { db } from './db';
import { type GivenUser, givenUser } from './fixtures';
import { givenHandoff } from './handlers/dashboardHandoffs';
import { logHandoff, logPersonReply } from './handoffLog';
import { DEMO_OWNER, seedDemo } from './seed';
import { call, withMockServer } from './testing';

withMockServer();

// A Thursday afternoon, local time.
const t = new Date(2026, 10, 19, 15, 0, 0).getTime();
const today = new Date(2026, 10, 19).getTime();
const yesterday = new Date(2026, 10, 18).getTime();
let u: GivenUser;

beforeEach(async () => {
  setNow(() => t);
  u = await givenUser({ email: 'u@handoffs.test', planName: 'Starter' });
});

const figures = (token = u.token) => call('GET', '/dashboard/handoffs', { token });

describe('GET /dashboard/handoffs', () => {
  it('counts the hand-offs of today and of yesterday by the local calendar, and no earlier ones', async () => {
    await givenHandoff(u.id, today);
    await givenHandoff(u.id, t - HOUR);
    await givenHandoff(u.id, today - 1);
    await givenHandoff(u.id, yesterday);
    await givenHandoff(u.id, yesterday - 1);
    const { status, body } = await figures();
    expect(status).toBe(200);
    expect(body).toEqual({ today: 2, yesterday: 2, medianFirstReplySeconds: null });
    expect(HandoffFiguresSchema.parse(body)).toEqual(body);
  });

  it('takes the median time to a first reply over today’s answered hand-offs only', async () => {
    await givenHandoff(u.id, t - 3 * HOUR, t - 3 * HOUR + 90_000);
    await givenHandoff(u.id, t - 2 * HOUR, t - 2 * HOUR + 4 * MINUTE);
    await givenHandoff(u.id, t - HOUR, t - HOUR + 30 * MINUTE);
    // Not answered yet, or answered but yesterday's: neither counts towards the median.
    await givenHandoff(u.id, t - 10 * MINUTE);
    await givenHandoff(u.id, yesterday + HOUR, yesterday + 2 * HOUR);
    expect((await figures()).body).toEqual({ today: 4, yesterday: 1, medianFirstReplySeconds: 240 });
    // An even count: the mean of the two middle ones, in whole seconds.
    await givenHandoff(u.id, t - 30 * MINUTE, t - 30 * MINUTE + 5 * MINUTE);
    expect((await figures()).body.medianFirstReplySeconds).toBe(270);
  });

  it('reads the log as the app writes it: a take-over from the bot, then a person’s first reply', async () => {
    await logHandoff(u.id, 'sess-1', 'takenOver', new Date(t - 6 * MINUTE).toISOString());
    await logPersonReply(u.id, 'sess-1', new Date(t - 5 * MINUTE).toISOString());
    await logPersonReply(u.id, 'sess-1', new Date(t - MINUTE).toISOString());
    expect((await figures()).body).toEqual({ today: 1, yesterday: 0, medianFirstReplySeconds: 60 });
  });

  it("counts only the caller's own hand-offs, and asks for a signed-in user", async () => {
    const other = await givenUser({ email: 'other@handoffs.test', planName: 'Starter' });
    await givenHandoff(other.id, t - HOUR, t - HOUR + MINUTE);
    expect((await figures()).body).toEqual({ today: 0, yesterday: 0, medianFirstReplySeconds: null });
    expect((await figures('nobody')).status).toBe(401);
  });

  it("gives the demo owner today's and yesterday's hand-offs, each in a conversation of its day", async () => {
    await seedDemo();
    const { body } = await figures(DEMO_OWNER.token);
    expect(body).toEqual({ today: 3, yesterday: 4, medianFirstReplySeconds: 240 });
    const sessions = new Map(db.chatSessions.all().map((s) => [s.id, s]));
    for (const h of db.handoffs.all()) {
      const session = sessions.get(h.sessionId);
      expect(session?.ownerId).toBe(DEMO_OWNER.id);
      expect(Date.parse(h.at)).toBeGreaterThan(Date.parse(session?.createdAt ?? ''));
      // Every one was answered, and none after now: no conversation of the demo waits for a person.
      expect(h.firstReplyAt).not.toBeNull();
      expect(Date.parse(h.firstReplyAt ?? '')).toBeLessThanOrEqual(t);
    }
  });

  it('just after midnight, the demo has yesterday’s hand-offs and only those of today already answered', async () => {
    const justAfter = today + 3 * MINUTE;
    setNow(() => justAfter);
    await seedDemo();
    const { body } = await figures(DEMO_OWNER.token);
    expect(body.yesterday).toBe(4);
    expect(body.today).toBeLessThan(3);
    for (const h of db.handoffs.all())
      expect(Date.parse(h.firstReplyAt ?? '')).toBeLessThanOrEqual(justAfter);
  });
});
