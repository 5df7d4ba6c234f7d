import { TimeRange, type UsageInfo } from '../../api/schemas/instances';
import type { FlowModel } from '../model';
import { usageMachine } from './usage.machine';

export const sampleUsage: UsageInfo = {
  nowInstanceNum: 1,
  maxInstanceNum: 1,
  usageInfos: [{ sessionFrom: '8613800000000@c.us', tokenCount: 120 }],
  totalTokenCount: 120,
};

export const usageModel: FlowModel<{ timeRange?: number }> = {
  id: 'usage',
  machine: usageMachine,
  input: {},
  events: [
    { type: 'period.changed', timeRange: TimeRange.today },
    { type: 'period.changed', timeRange: TimeRange.all },
    { type: 'usage.retry' },
  ],
  outputs: { loadUsage: sampleUsage },
  serialize: ({ context: c }) => [c.timeRange, c.usage !== null, c.error !== null],
};
