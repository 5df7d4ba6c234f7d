import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { getUsageInfo } from '../../api/instances';
import { TimeRange, type TimeRangeCode, type UsageInfo } from '../../api/schemas/instances';
import { describeError } from '../errors';
import { fromRequest } from '../request';

/** The periods the usage details offer (spec section 2), in their order, with their time range codes. */
export const USAGE_PERIODS: ReadonlyArray<{ code: TimeRangeCode; label: MessageDescriptor }> = [
  { code: TimeRange.all, label: msg`All time` },
  { code: TimeRange.today, label: msg`Today` },
  { code: TimeRange.last7Days, label: msg`Last 7 days` },
  { code: TimeRange.last30Days, label: msg`Last 30 days` },
  { code: TimeRange.thisMonth, label: msg`This month` },
];

const offered = new Set<number>(USAGE_PERIODS.map((p) => p.code));

export interface UsageContext {
  timeRange: TimeRangeCode;
  /** The last answer; kept while another period loads, so the card does not jump. */
  usage: UsageInfo | null;
  error: MessageDescriptor | string | null;
}

export type UsageEvent = { type: 'period.changed'; timeRange: TimeRangeCode } | { type: 'usage.retry' };

/** Usage details for one period at a time; a new period cancels the request of the previous one. */
export const usageMachine = setup({
  types: {
    context: {} as UsageContext,
    events: {} as UsageEvent,
    input: {} as { timeRange?: TimeRangeCode } | undefined,
  },
  actors: {
    loadUsage: fromRequest<UsageInfo, { timeRange: TimeRangeCode }>(({ input, signal }) =>
      getUsageInfo(input.timeRange, signal),
    ),
  },
  guards: {
    isOfferedPeriod: ({ context, event }) =>
      event.type === 'period.changed' &&
      offered.has(event.timeRange) &&
      event.timeRange !== context.timeRange,
  },
}).createMachine({
  id: 'usage',
  context: ({ input }) => ({ timeRange: input?.timeRange ?? TimeRange.all, usage: null, error: null }),
  initial: 'loading',
  on: {
    'period.changed': {
      guard: 'isOfferedPeriod',
      target: '.loading',
      reenter: true,
      actions: assign({ timeRange: ({ event }) => event.timeRange }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUsage',
        src: 'loadUsage',
        input: ({ context }) => ({ timeRange: context.timeRange }),
        onDone: { target: 'ready', actions: assign({ usage: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => describeError(event.error) }) },
      },
    },
    ready: {},
    failed: {
      tags: ['error'],
      on: { 'usage.retry': 'loading' },
    },
  },
});
