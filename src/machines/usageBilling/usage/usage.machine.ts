import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import dayjs from 'dayjs';
import { getUsageInfo } from '../../../api/instances';
import {
  TimeRange,
  type TimeRangeCode,
  type UsageDateRange,
  UsageDateRangeSchema,
  type UsageInfo,
} from '../../../api/schemas/instances';
import { resourceMachine } from '../../resource/resource.machine';

/** A day of the user's calendar as the API takes it. */
export const CALENDAR_DATE = 'YYYY-MM-DD';

/** Today in the user's calendar (the browser's clock: tests set it with fake timers). */
export const todayDate = () => dayjs().format(CALENDAR_DATE);

/**
 * What the usage details are for: one of the spec's time range codes, last month (its days are worked out
 * from today when the request goes out), or whole days the user chose.
 */
export type UsageParams =
  | { timeRange: TimeRangeCode }
  | { period: 'lastMonth' }
  | ({ period: 'custom' } & UsageDateRange);

export type UsagePeriodId =
  | 'all'
  | 'today'
  | 'last7Days'
  | 'last30Days'
  | 'thisMonth'
  | 'lastMonth'
  | 'custom';

/**
 * The periods the usage details offer (spec section 9's interface text, and all time), in their order. Custom
 * has no params of its own: it opens the date-range picker (usageRange.machine.ts).
 */
export const USAGE_PERIODS: ReadonlyArray<{
  id: UsagePeriodId;
  label: MessageDescriptor;
  params?: UsageParams;
}> = [
  { id: 'all', label: msg`All time`, params: { timeRange: TimeRange.all } },
  { id: 'today', label: msg`Today`, params: { timeRange: TimeRange.today } },
  { id: 'last7Days', label: msg`Last 7 days`, params: { timeRange: TimeRange.last7Days } },
  { id: 'last30Days', label: msg`Last 30 days`, params: { timeRange: TimeRange.last30Days } },
  { id: 'thisMonth', label: msg`This month`, params: { timeRange: TimeRange.thisMonth } },
  { id: 'lastMonth', label: msg`Last month`, params: { period: 'lastMonth' } },
  { id: 'custom', label: msg`Custom…` },
];

const offeredCodes = new Set<number>(
  USAGE_PERIODS.flatMap((p) => (p.params && 'timeRange' in p.params ? [p.params.timeRange] : [])),
);

/** Which entry of the selector params stand for. */
export function periodIdOf(params: UsageParams): UsagePeriodId {
  if ('timeRange' in params)
    return (
      USAGE_PERIODS.find(
        (p) => p.params && 'timeRange' in p.params && p.params.timeRange === params.timeRange,
      )?.id ?? 'all'
    );
  return params.period;
}

/** Last month's first and last days, from today's. */
export function lastMonthOf(today: string): UsageDateRange {
  const month = dayjs(today, CALENDAR_DATE).subtract(1, 'month');
  return {
    startDate: month.startOf('month').format(CALENDAR_DATE),
    endDate: month.endOf('month').format(CALENDAR_DATE),
  };
}

/** What the request carries: the spec's code, or the days (see UsageDateRangeSchema). */
export function usageQuery(params: UsageParams, today = todayDate()): TimeRangeCode | UsageDateRange {
  if ('timeRange' in params) return params.timeRange;
  if (params.period === 'lastMonth') return lastMonthOf(today);
  return { startDate: params.startDate, endDate: params.endDate };
}

const same = (a: UsageParams, b: UsageParams) =>
  periodIdOf(a) === periodIdOf(b) &&
  (!('startDate' in a) || !('startDate' in b) || (a.startDate === b.startDate && a.endDate === b.endDate));

/** Params worth a request: an offered code, last month, or a range the API takes. */
const offered = (params: UsageParams) =>
  'timeRange' in params
    ? offeredCodes.has(params.timeRange)
    : params.period === 'lastMonth' ||
      (params.period === 'custom' && UsageDateRangeSchema.safeParse(params).success);

/**
 * Usage details for one period at a time: reloading with another offered period cancels the request of the
 * previous one, and the last answer stays on the card until the new one arrives.
 */
export const usageMachine = resourceMachine<UsageInfo, UsageParams>({
  id: 'usage',
  load: (params, signal) => getUsageInfo(usageQuery(params), signal),
  accepts: (next, current) => offered(next) && !same(next, current),
});
