import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { getUsageInfo } from '../../api/instances';
import { TimeRange, type TimeRangeCode, type UsageInfo } from '../../api/schemas/instances';
import { resourceMachine } from '../resource/resource.machine';

/** The periods the usage details offer (spec section 2), in their order, with their time range codes. */
export const USAGE_PERIODS: ReadonlyArray<{ code: TimeRangeCode; label: MessageDescriptor }> = [
  { code: TimeRange.all, label: msg`All time` },
  { code: TimeRange.today, label: msg`Today` },
  { code: TimeRange.last7Days, label: msg`Last 7 days` },
  { code: TimeRange.last30Days, label: msg`Last 30 days` },
  { code: TimeRange.thisMonth, label: msg`This month` },
];

const offered = new Set<number>(USAGE_PERIODS.map((p) => p.code));

export interface UsageParams {
  timeRange: TimeRangeCode;
}

/**
 * Usage details for one period at a time: reloading with another offered period cancels the request of the
 * previous one, and the last answer stays on the card until the new one arrives.
 */
export const usageMachine = resourceMachine<UsageInfo, UsageParams>({
  id: 'usage',
  load: ({ timeRange }, signal) => getUsageInfo(timeRange, signal),
  accepts: (next, current) => offered.has(next.timeRange) && next.timeRange !== current.timeRange,
});
