// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { UsageInfoSchema } from '../src/api/schemas/instances';
import { setNow } from './clock';
import { type GivenUser, givenChatSession, givenInstance, givenUser } from './fixtures';
import { call, withMockServer } from './testing';

withMockServer();

let u: GivenUser;
// Local noon of a day of the runtime's calendar (the mock's days are the user's).
const noon = (date: string) => {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 12).getTime();
};
const today = '2026-11-20';

beforeEach(async () => {
  setNow(() => noon(today));
  u = await givenUser({ email: 'u@b.test', planName: 'Pro' });
  await givenInstance(u.id, { status: 1 });
  // 10 tokens on the last day of September, 25 and 5 in October (first and last day), 3 today.
  const talk = async (from: string, date: string, chars: number) =>
    givenChatSession(u.id, {
      fromNumber: from,
      createdAt: new Date(noon(date)).toISOString(),
      messages: [{ content: 'x'.repeat(chars) }],
    });
  await talk('1@c.us', '2026-09-30', 40);
  await talk('2@c.us', '2026-10-01', 100);
  await talk('3@c.us', '2026-10-31', 20);
  await talk('4@c.us', today, 12);
});

const usage = (body: unknown) => call('POST', '/whatsapp/usage-info', { token: u.token, body });

describe('usage for whole days', () => {
  it('counts only the days of the range, both ends included', async () => {
    const october = await usage({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(october.status).toBe(200);
    const info = UsageInfoSchema.parse(october.body);
    expect(info.totalTokenCount).toBe(30);
    expect(info.usageInfos).toEqual([
      { sessionFrom: '2@c.us', tokenCount: 25 },
      { sessionFrom: '3@c.us', tokenCount: 5 },
    ]);
    const oneDay = UsageInfoSchema.parse(
      (await usage({ startDate: '2026-09-30', endDate: '2026-09-30' })).body,
    );
    expect(oneDay.totalTokenCount).toBe(10);
  });

  it('answers the tokens of every day of the range, oldest first, days without any at 0', async () => {
    const info = UsageInfoSchema.parse(
      (await usage({ startDate: '2026-10-01', endDate: '2026-10-31' })).body,
    );
    expect(info.dailyTokens).toHaveLength(31);
    expect(info.dailyTokens?.[0]).toEqual({ date: '2026-10-01', tokenCount: 25 });
    expect(info.dailyTokens?.[1]).toEqual({ date: '2026-10-02', tokenCount: 0 });
    expect(info.dailyTokens?.[30]).toEqual({ date: '2026-10-31', tokenCount: 5 });
    expect(info.dailyTokens?.reduce((sum, d) => sum + d.tokenCount, 0)).toBe(info.totalTokenCount);
  });

  it('stops the daily series at today, and starts all time at the first message', async () => {
    const range = UsageInfoSchema.parse((await usage({ startDate: '2026-11-15', endDate: today })).body);
    expect(range.dailyTokens?.map((d) => d.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    const all = UsageInfoSchema.parse((await usage({ timeRange: 8 })).body);
    expect(all.dailyTokens?.[0]).toEqual({ date: '2026-09-30', tokenCount: 10 });
    expect(all.dailyTokens?.at(-1)).toEqual({ date: today, tokenCount: 3 });
    expect(all.dailyTokens).toHaveLength(52);
    const todayOnly = UsageInfoSchema.parse((await usage({ timeRange: 1 })).body);
    expect(todayOnly.dailyTokens).toEqual([{ date: today, tokenCount: 3 }]);
  });

  it('refuses an end before the start, more than 365 days, a day that does not exist, or a range with a code', async () => {
    for (const body of [
      { startDate: '2026-10-02', endDate: '2026-10-01' },
      { startDate: '2025-11-20', endDate: '2026-11-20' },
      { startDate: '2026-02-29', endDate: '2026-03-01' },
      { startDate: '2026-10-01' },
      { startDate: '1/10/2026', endDate: '2026-10-31' },
    ]) {
      const answer = await usage(body);
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    // 365 days, both ends counted, is the most.
    expect((await usage({ startDate: '2025-11-21', endDate: '2026-11-20' })).status).toBe(200);
  });
});
