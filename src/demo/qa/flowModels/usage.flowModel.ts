import { TimeRange, type UsageInfo } from '../../../api/schemas/instances';
import { type UsageParams, usageMachine } from '../../../machines/usageBilling/usage/usage.machine';
import { resourceModel } from './resource.flowModel';

export const sampleUsage: UsageInfo = {
  nowInstanceNum: 1,
  maxInstanceNum: 1,
  usageInfos: [{ sessionFrom: '8613800000000@c.us', tokenCount: 120 }],
  totalTokenCount: 120,
  dailyTokens: [{ date: '2026-10-15', tokenCount: 120 }],
};

/** The custom days of the model: October 2026, both ends included. */
export const sampleCustom: UsageParams = { period: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };

/** All time first (as the screen starts), then today, last month, custom days, and back. */
export const usageModel = resourceModel(usageMachine, {
  params: { timeRange: TimeRange.all },
  reloadWith: [
    { timeRange: TimeRange.today },
    { period: 'lastMonth' },
    sampleCustom,
    { timeRange: TimeRange.all },
  ],
  data: sampleUsage,
});
