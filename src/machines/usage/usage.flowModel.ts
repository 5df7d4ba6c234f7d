import { TimeRange, type UsageInfo } from '../../api/schemas/instances';
import { resourceModel } from '../resource/resource.flowModel';
import { usageMachine } from './usage.machine';

export const sampleUsage: UsageInfo = {
  nowInstanceNum: 1,
  maxInstanceNum: 1,
  usageInfos: [{ sessionFrom: '8613800000000@c.us', tokenCount: 120 }],
  totalTokenCount: 120,
};

/** All time first (as the screen starts), then today and back. */
export const usageModel = resourceModel(usageMachine, {
  params: { timeRange: TimeRange.all },
  reloadWith: [{ timeRange: TimeRange.today }, { timeRange: TimeRange.all }],
  data: sampleUsage,
});
