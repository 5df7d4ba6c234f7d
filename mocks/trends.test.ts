// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { TrendsSchema } from '../src/api/schemas/dashboard';
import { HOUR, MINUTE, setNow } from './clock';
import { type GivenUser, givenChatSession, givenUser } from './fixtures';
import { dayKey, givenTrendFailure, TREND_FAILURE_MESSAGE, TREND_FAILURES_KEY } from './handlers/dashboard';
import { DEMO_OWNER, seedDemo } from './seed';
import { call, withMockServer } from './testing';

withMockServer();

// A Thursday afternoon, local time.
const t = new Date(2026, 10, 19, 15, 0, 0).getTime();
const at = (ms: number) => new Date(ms).toISOString();
/** Local noon `n` days before t. */
const daysAgo = (n: number) => new Date(2026, 10, 19 - n, 12, 0, 0).getTime();
let u: GivenUser;

beforeEach(async () => {
  setNow(() => t);
  u = await givenUser({ email: 'u@trends.test', planName: 'Starter' });
  // Today: a happy customer and an unhappy one, each writing once and answered once.
  await givenChatSession(u.id, {
    id: 's-happy',
    fromNumber: '8613812345678@c.us',
    createdAt: at(t - 2 * HOUR),
    messages: [
      { content: 'Thanks, great service, perfect!', sender: 'user', sentAt: at(t - 2 * HOUR) },
      { content: 'You are welcome.', sender: 'assistant', sentAt: at(t - 2 * HOUR + MINUTE) },
    ],
  });
  await givenChatSession(u.id, {
    id: 's-unhappy',
    fromNumber: '14155550123@c.us',
    createdAt: at(t - HOUR),
    messages: [
      { content: 'Terrible, broken and late. Awful.', sender: 'user', sentAt: at(t - HOUR) },
      { content: 'Sorry to hear that.', sender: 'bot', sentAt: at(t - HOUR + MINUTE) },
    ],
  });
  // Two days ago: the first customer again, twice in one conversation (one user, one conversation).
  await givenChatSession(u.id, {
    id: 's-earlier',
    fromNumber: '8613812345678@c.us',
    createdAt: at(daysAgo(2)),
    messages: [
      { content: 'Hello', sender: 'user', sentAt: at(daysAgo(2)) },
      { content: 'Hi!', sender: 'assistant', sentAt: at(daysAgo(2) + MINUTE) },
      { content: 'Okay', sender: 'user', sentAt: at(daysAgo(2) + 2 * MINUTE) },
    ],
  });
  // A newsletter is no customer; its messages still count.
  await givenChatSession(u.id, {
    id: 's-news',
    fromNumber: '120363025246125486@newsletter',
    createdAt: at(daysAgo(2)),
    messages: [{ content: 'Weekly news', sender: 'user', sentAt: at(daysAgo(2)) }],
  });
  // Older than 90 days: in no period.
  await givenChatSession(u.id, {
    id: 's-old',
    fromNumber: '447700900123@c.us',
    createdAt: at(daysAgo(120)),
    messages: [{ content: 'Long ago', sender: 'user', sentAt: at(daysAgo(120)) }],
  });
});

const trends = (days: number | string, token = u.token) =>
  call('GET', `/dashboard/trends?days=${days}`, { token });
const values = (points: Array<{ value: number | null }>) => points.map((p) => p.value);

describe('GET /dashboard/trends', () => {
  it('answers one point per local day, oldest first, today last, zero-filled', async () => {
    for (const days of [7, 30, 90]) {
      const { status, body } = await trends(days);
      expect(status).toBe(200);
      expect(body.days).toBe(days);
      for (const points of Object.values(body.series) as Array<Array<{ date: string }>>) {
        expect(points).toHaveLength(days);
        expect(points.at(-1)?.date).toBe('2026-11-19');
        expect(points[0]?.date).toBe(dayKey(daysAgo(days - 1)));
        const dates = points.map((p) => p.date);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(days);
      }
      expect(TrendsSchema.parse(body).series.messages).toHaveLength(days);
    }
  });

  it('counts messages, customers, tokens and the positive share of each day', async () => {
    const { body } = await trends(7);
    const { messages, activeUsers, tokens, positiveShare } = body.series;
    expect(values(messages)).toEqual([0, 0, 0, 0, 4, 0, 4]);
    // Two days ago one customer wrote (the newsletter is none); today two did.
    expect(values(activeUsers)).toEqual([0, 0, 0, 0, 1, 0, 2]);
    const tokensOf = (s: string) => Math.ceil(s.length / 4);
    expect(tokens.at(-1).value).toBe(
      [
        'Thanks, great service, perfect!',
        'You are welcome.',
        'Terrible, broken and late. Awful.',
        'Sorry to hear that.',
      ]
        .map(tokensOf)
        .reduce((a, b) => a + b),
    );
    // Today one conversation of two is positive; a day without conversations has no share.
    expect(values(positiveShare)).toEqual([null, null, null, null, 0, null, 0.5]);
  });

  it('agrees with the cards: today and yesterday are the comparison of messages', async () => {
    await seedDemo();
    const token = DEMO_OWNER.token;
    const [{ body }, { body: compare }] = await Promise.all([
      trends(30, token),
      call('GET', '/chat-message/compare/yesterday', { token }),
    ]);
    expect(body.series.messages.at(-1).value).toBe(compare.countsOfToday);
    expect(body.series.messages.at(-2).value).toBe(compare.countsOfYesterday);
    // The demo has conversations most days, and its share is a fraction.
    const shares = values(body.series.positiveShare).filter((v): v is number => v !== null);
    expect(shares.length).toBeGreaterThan(10);
    for (const s of shares) expect(s).toBeGreaterThanOrEqual(0);
    for (const s of shares) expect(s).toBeLessThanOrEqual(1);
  });

  it('is deterministic', async () => {
    const first = await trends(90);
    const second = await trends(90);
    expect(second.body).toEqual(first.body);
  });

  it('refuses any other period with 400 VALIDATION_FAILED', async () => {
    for (const days of [14, 0, -7, 'abc', '']) {
      const { status, body } = await trends(days);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toContain('days');
    }
  });

  it('needs a signed-in user, and counts only that user’s conversations', async () => {
    expect((await trends(7, 'nobody')).status).toBe(401);
    const other = await givenUser({ email: 'other@trends.test', planName: 'Starter' });
    const { body } = await trends(7, other.token);
    expect(values(body.series.messages)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('fails a series alone when told to, with the reason, the others intact', async () => {
    givenTrendFailure('tokens');
    const { status, body } = await trends(7);
    expect(status).toBe(200);
    expect(body.series.tokens).toBeNull();
    expect(body.errors).toEqual({ tokens: TREND_FAILURE_MESSAGE });
    expect(values(body.series.messages)).toEqual([0, 0, 0, 0, 4, 0, 4]);
  });

  it('fails the series listed in the tab’s session storage (the demo’s switch)', async () => {
    const storage = new Map<string, string>();
    const sessionStorage = { getItem: (k: string) => storage.get(k) ?? null };
    Object.assign(globalThis, { sessionStorage });
    try {
      storage.set(TREND_FAILURES_KEY, 'positiveShare, nonsense');
      const { body } = await trends(7);
      expect(body.series.positiveShare).toBeNull();
      expect(Object.keys(body.errors)).toEqual(['positiveShare']);
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});
