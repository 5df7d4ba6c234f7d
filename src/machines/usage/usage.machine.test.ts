import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import { TimeRange, type TimeRangeCode, type UsageInfo } from '../../api/schemas/instances';
import { sampleUsage, usageModel } from './usage.flowModel';
import { USAGE_PERIODS, usageMachine } from './usage.machine';

const usage = (total: number): UsageInfo => ({
  nowInstanceNum: 1,
  maxInstanceNum: 1,
  usageInfos: [{ sessionFrom: '8613800000000@c.us', tokenCount: total }],
  totalTokenCount: total,
});

const settle = () => new Promise((r) => setTimeout(r, 0));

const period = (timeRange: TimeRangeCode) => ({ type: 'resource.reload', params: { timeRange } }) as const;

function start(load: (range: TimeRangeCode, signal: AbortSignal) => Promise<UsageInfo>) {
  const spy = vi.fn(load);
  const actor = createActor(
    usageMachine.provide({
      actors: {
        load: fromPromise<UsageInfo, { params: { timeRange: TimeRangeCode } }>(({ input, signal }) =>
          spy(input.params.timeRange, signal),
        ),
      },
    }),
    { input: { params: { timeRange: TimeRange.all } } },
  ).start();
  return { actor, spy };
}

describe('usage details', () => {
  it('offers the spec periods with their time range codes, all time first', () => {
    expect(USAGE_PERIODS.map((p) => p.code)).toEqual([8, 1, 2, 3, 6]);
  });

  it('loads all time first, then the chosen period', async () => {
    const { actor, spy } = start(async (range) => usage(range * 10));
    await settle();
    expect(spy).toHaveBeenLastCalledWith(TimeRange.all, expect.anything());
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(80);
    actor.send(period(TimeRange.last7Days));
    // The previous answer stays on screen while the new one loads.
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(80);
    await settle();
    expect(spy).toHaveBeenLastCalledWith(TimeRange.last7Days, expect.anything());
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(20);
  });

  it('cancels the previous period when another is chosen, and ignores periods it does not offer', async () => {
    const signals: AbortSignal[] = [];
    const { actor, spy } = start((range, signal) => {
      signals.push(signal);
      return range === TimeRange.today ? new Promise(() => {}) : Promise.resolve(usage(range));
    });
    actor.send(period(TimeRange.today));
    actor.send(period(TimeRange.thisMonth));
    expect(signals[1]?.aborted).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.data?.totalTokenCount).toBe(TimeRange.thisMonth);
    expect(actor.getSnapshot().can(period(TimeRange.thisYear))).toBe(false);
    expect(actor.getSnapshot().can(period(TimeRange.thisMonth))).toBe(false);
    expect(spy).toHaveBeenCalledTimes(3);
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
// The model's periods: all time (the first shown) and today.
const periods: TimeRangeCode[] = [TimeRange.all, TimeRange.today];

describeStateViews(usageModel, {
  '*': {
    enabled: ['resource.reload'],
    // Another offered period can be chosen at any time; the current one and periods not offered cannot.
    shows: (s: Snap) => {
      expect(periods).toContain(s.context.params.timeRange);
      for (const timeRange of periods)
        expect(s.can(period(timeRange))).toBe(timeRange !== s.context.params.timeRange);
      expect(s.can(period(TimeRange.thisYear))).toBe(false);
    },
  },
  loading: {
    tags: ['loading'],
    runs: {
      load: (input: { params: { timeRange: number } }, s: Snap) =>
        expect(input).toEqual({ params: { timeRange: s.context.params.timeRange } }),
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
