import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import * as api from '../../api/dashboard';
import { ApiError } from '../../api/errors';
import type { TrendPeriod, Trends } from '../../api/schemas/dashboard';
import { partialTrends, sampleTrends, trendsModel } from '../../demo/qa/flowModels/trends.flowModel';
import { TREND_PERIOD_OPTIONS, trendsMachine } from './trends.machine';

vi.mock('../../api/dashboard', () => ({ getTrends: vi.fn() }));
const getTrends = vi.mocked(api.getTrends);

const point = (date: string, value: number) => ({ date, value });
/** The server's answer for a period: one point whose value is the period, so answers are told apart. */
const answer = (days: TrendPeriod, over: Partial<Trends> = {}): Trends => ({
  days,
  series: {
    messages: [point('2026-11-19', days)],
    activeUsers: [point('2026-11-19', 1)],
    tokens: [point('2026-11-19', 100)],
    positiveShare: [point('2026-11-19', 0.5)],
  },
  ...over,
});

beforeEach(() => {
  getTrends.mockReset().mockImplementation(async (days) => answer(days));
});

const settle = () => new Promise((r) => setTimeout(r, 0));
const start = () => createActor(trendsMachine).start();
const select = (days: number) => ({ type: 'period.selected', days }) as { type: 'period.selected'; days: 7 };

describe('trends', () => {
  it('offers 7, 30 and 90 days, and opens on 7', async () => {
    expect(TREND_PERIOD_OPTIONS.map((p) => p.days)).toEqual([7, 30, 90]);
    const actor = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(getTrends).toHaveBeenCalledExactlyOnceWith(7, expect.any(AbortSignal));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ period: 7, failed: [], error: null });
    expect(actor.getSnapshot().context.data?.series.messages).toEqual([point('2026-11-19', 7)]);
  });

  it('loads another period keeping what is shown, cancels the one before, and ignores periods it does not offer', async () => {
    const signals: AbortSignal[] = [];
    getTrends.mockImplementation((days, signal) => {
      if (signal) signals.push(signal);
      return days === 30 ? new Promise(() => {}) : Promise.resolve(answer(days));
    });
    const actor = start();
    await settle();
    actor.send(select(30));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.period).toBe(30);
    // The week stays on the card, and says it is a week's, until the new period arrives.
    expect(actor.getSnapshot().context.data?.days).toBe(7);
    actor.send(select(90));
    expect(signals[1]?.aborted).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.data?.series.messages).toEqual([point('2026-11-19', 90)]);
    expect(actor.getSnapshot().context.data?.days).toBe(90);
    for (const days of [90, 14, 0, 365]) expect(actor.getSnapshot().can(select(days))).toBe(false);
    expect(getTrends).toHaveBeenCalledTimes(3);
  });

  it('keeps a series that failed in context, shows the others, and a retry asks again', async () => {
    getTrends.mockResolvedValueOnce(
      answer(7, {
        series: { ...answer(7).series, tokens: null },
        errors: { tokens: 'Token counter unavailable' },
      }),
    );
    const actor = start();
    await settle();
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context.failed).toEqual(['tokens']);
    expect(s.context.data?.errors).toEqual({ tokens: 'Token counter unavailable' });
    expect(s.context.data?.series.messages).toEqual([point('2026-11-19', 7)]);
    expect(s.can({ type: 'trends.retry' })).toBe(true);

    actor.send({ type: 'trends.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.failed).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'trends.retry' })).toBe(false);
    expect(getTrends).toHaveBeenCalledTimes(2);
  });

  it('a reason given for a series that did not fail is not kept', async () => {
    getTrends.mockResolvedValueOnce(answer(7, { errors: { messages: 'stale' } }));
    const actor = start();
    await settle();
    expect(actor.getSnapshot().context.data?.errors).toEqual({});
  });

  it('fails as a whole with the server’s message when the call fails, keeping the period, and retries it', async () => {
    const actor = start();
    await settle();
    getTrends.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 500, endpoint: 'GET /dashboard/trends', message: 'Server down' }),
    );
    actor.send(select(30));
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ period: 30, error: 'Server down' });
    // What was shown stays (the week), so a retry or another period has somewhere to come back to.
    expect(actor.getSnapshot().context.data?.days).toBe(7);
    actor.send({ type: 'trends.retry' });
    await settle();
    expect(getTrends).toHaveBeenLastCalledWith(30, expect.any(AbortSignal));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a reload asks for the chosen period again', async () => {
    const actor = start();
    await settle();
    actor.send(select(90));
    await settle();
    actor.send({ type: 'trends.reload' });
    expect(getTrends).toHaveBeenLastCalledWith(90, expect.any(AbortSignal));
  });
});

const serverError = 'Internal server error';
const shownOrNone = [null, sampleTrends, partialTrends];

describeStateViews(trendsModel, {
  // Another period (the one chosen is not offered again) and a reload are offered throughout.
  '*': {
    enabled: ['period.selected', 'trends.reload'],
    shows: (s) => {
      expect([7, 30]).toContain(s.context.period);
      expect(shownOrNone).toContainEqual(s.context.data);
    },
  },
  loading: {
    tags: ['loading'],
    runs: {
      load: (input: unknown, s: AnyMachineSnapshot) => expect(input).toEqual({ days: s.context.period }),
    },
  },
  ready: {
    // Retry only where a series failed.
    enabled: (s: AnyMachineSnapshot) => (s.context.failed.length > 0 ? ['trends.retry'] : []),
    shows: (s) => {
      expect(s.context.error).toBeNull();
      expect(s.context.failed).toEqual(s.context.data === partialTrends ? ['tokens'] : []);
    },
  },
  failed: {
    tags: ['failed'],
    enabled: ['trends.retry'],
    shows: (s) => expect(s.context.error).toBe(serverError),
  },
  // Said once: nothing to retry, and no error kept to show.
  notOffered: {
    tags: ['notOffered'],
    shows: (s) => expect(s.context.error).toBeNull(),
  },
});
