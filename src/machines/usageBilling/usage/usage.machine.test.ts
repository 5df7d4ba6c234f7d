import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { TimeRange, type TimeRangeCode, type UsageInfo } from '../../../api/schemas/instances';
import { sampleCustom, sampleUsage, usageModel } from '../../../demo/qa/flowModels/usage.flowModel';
import {
  lastMonthOf,
  periodIdOf,
  USAGE_PERIODS,
  type UsageParams,
  usageMachine,
  usageQuery,
} from './usage.machine';

const usage = (total: number): UsageInfo => ({
  nowInstanceNum: 1,
  maxInstanceNum: 1,
  usageInfos: [{ sessionFrom: '8613800000000@c.us', tokenCount: total }],
  totalTokenCount: total,
});

const settle = () => vi.advanceTimersByTimeAsync(0);

const reload = (params: UsageParams) => ({ type: 'resource.reload', params }) as const;
const period = (timeRange: TimeRangeCode) => reload({ timeRange });

function start(load: (params: UsageParams, signal: AbortSignal) => Promise<UsageInfo>) {
  const spy = vi.fn(load);
  const actor = createActor(
    usageMachine.provide({
      actors: {
        load: fromPromise<UsageInfo, { params: UsageParams }>(({ input, signal }) =>
          spy(input.params, signal),
        ),
      },
    }),
    { input: { params: { timeRange: TimeRange.all } } },
  ).start();
  return { actor, spy };
}

const total = (p: UsageParams) => ('timeRange' in p ? p.timeRange * 10 : p.period === 'lastMonth' ? 1 : 2);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  // Local noon of 15 March 2026: last month is February (28 days).
  vi.setSystemTime(new Date(2026, 2, 15, 12));
});
afterEach(() => vi.useRealTimers());

describe('usage details', () => {
  it('offers all time, the spec periods, last month and custom, in that order', () => {
    expect(USAGE_PERIODS.map((p) => p.id)).toEqual([
      'all',
      'today',
      'last7Days',
      'last30Days',
      'thisMonth',
      'lastMonth',
      'custom',
    ]);
    expect(
      USAGE_PERIODS.map((p) => (p.params && 'timeRange' in p.params ? p.params.timeRange : null)),
    ).toEqual([8, 1, 2, 3, 6, null, null]);
    expect(periodIdOf({ timeRange: TimeRange.thisMonth })).toBe('thisMonth');
    expect(periodIdOf(sampleCustom)).toBe('custom');
  });

  it('works out last month from today, in the calendar, whatever its length', () => {
    expect(lastMonthOf('2026-03-15')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(lastMonthOf('2024-03-31')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(lastMonthOf('2026-01-01')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(usageQuery({ period: 'lastMonth' })).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(usageQuery(sampleCustom)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(usageQuery({ timeRange: TimeRange.today })).toBe(TimeRange.today);
  });

  it('loads all time first, then the chosen period', async () => {
    const { actor, spy } = start(async (p) => usage(total(p)));
    await settle();
    expect(spy).toHaveBeenLastCalledWith({ timeRange: TimeRange.all }, expect.anything());
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(80);
    actor.send(reload({ period: 'lastMonth' }));
    // The previous answer stays on screen while the new one loads.
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(80);
    await settle();
    expect(spy).toHaveBeenLastCalledWith({ period: 'lastMonth' }, expect.anything());
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(1);
    actor.send(reload(sampleCustom));
    await settle();
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(2);
  });

  it('cancels the previous period when another is chosen, and ignores periods it does not offer', async () => {
    const signals: AbortSignal[] = [];
    const { actor, spy } = start((p, signal) => {
      signals.push(signal);
      return 'period' in p ? new Promise(() => {}) : Promise.resolve(usage(total(p)));
    });
    actor.send(reload(sampleCustom));
    actor.send(period(TimeRange.thisMonth));
    expect(signals[1]?.aborted).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(60);
    const s = actor.getSnapshot();
    expect(s.can(period(TimeRange.thisYear))).toBe(false);
    expect(s.can(period(TimeRange.thisMonth))).toBe(false);
    // Days the API would refuse are never asked for.
    expect(s.can(reload({ period: 'custom', startDate: '2026-03-02', endDate: '2026-03-01' }))).toBe(false);
    expect(s.can(reload({ period: 'custom', startDate: '2025-03-01', endDate: '2026-03-01' }))).toBe(false);
    expect(s.can(reload({ period: 'custom', startDate: '2025-03-02', endDate: '2026-03-01' }))).toBe(true);
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('asks again for other custom days, not for the same ones', async () => {
    const { actor, spy } = start(async (p) => usage(total(p)));
    actor.send(reload(sampleCustom));
    await settle();
    expect(actor.getSnapshot().can(reload(sampleCustom))).toBe(false);
    expect(
      actor.getSnapshot().can(reload({ period: 'custom', startDate: '2026-10-01', endDate: '2026-10-30' })),
    ).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps a failure in the card and retries', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('Usage unavailable');
      return usage(5);
    });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Usage unavailable');
    fail = false;
    actor.send({ type: 'resource.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

type Snap = SnapshotFrom<typeof usageMachine>;
const serverError = 'Internal server error';
// The model's periods: all time (the first shown), today, last month and custom days.
const periods: UsageParams[] = [
  { timeRange: TimeRange.all },
  { timeRange: TimeRange.today },
  { period: 'lastMonth' },
  sampleCustom,
];

describeStateViews(usageModel, {
  '*': {
    enabled: ['resource.reload'],
    // Another offered period can be chosen at any time; the current one and periods not offered cannot.
    shows: (s: Snap) => {
      expect(periods).toContainEqual(s.context.params);
      for (const p of periods)
        expect(s.can(reload(p))).toBe(JSON.stringify(p) !== JSON.stringify(s.context.params));
      expect(s.can(period(TimeRange.thisYear))).toBe(false);
    },
  },
  loading: {
    tags: ['loading'],
    runs: {
      load: (input: { params: UsageParams }, s: Snap) => expect(input).toEqual({ params: s.context.params }),
    },
    // The last answer stays on the card while the next one loads.
    shows: (s: Snap) => {
      expect([null, sampleUsage]).toContainEqual(s.context.data);
      expect([null, serverError]).toContain(s.context.error);
    },
  },
  ready: {
    shows: (s: Snap) => {
      expect(s.context.data).toEqual(sampleUsage);
      expect(s.context.error).toBeNull();
    },
  },
  failed: {
    tags: ['failed'],
    enabled: ['resource.retry'],
    shows: (s: Snap) => {
      expect(s.context.error).toBe(serverError);
      expect([null, sampleUsage]).toContainEqual(s.context.data);
    },
  },
});
