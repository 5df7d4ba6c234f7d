import type { FlowModel } from '../../../machines/model';
import { todayDate } from '../../../machines/usageBilling/usage/usage.machine';
import {
  checkRange,
  firstToFix,
  type UsageRangeContext,
  usageRangeMachine,
} from '../../../machines/usageBilling/usage/usageRange.machine';

/**
 * The custom period's picker: a valid range, one ending before it starts, one of more than 365 days, one
 * ending after today (whenever the model runs), and a day left empty.
 */

export const usageRangeModel: FlowModel = {
  id: 'usageRange',
  machine: usageRangeMachine,
  events: [
    { type: 'range.opened' },
    { type: 'range.cancelled' },
    { type: 'range.applied' },
    { type: 'range.changed', field: 'start', value: '2026-10-01' },
    { type: 'range.changed', field: 'end', value: '2026-09-30' },
    { type: 'range.changed', field: 'end', value: '2026-10-31' },
    { type: 'range.changed', field: 'start', value: '2025-10-01' },
    { type: 'range.changed', field: 'end', value: '2099-12-31' },
    { type: 'range.changed', field: 'start', value: '' },
  ],
  // What decides the guard and what the picker shows: which field would be refused, which were, what was applied.
  serialize: ({ context: c }: { context: UsageRangeContext }) => [
    c.start,
    c.end,
    firstToFix(checkRange(c.start, c.end, todayDate())) ?? null,
    Object.keys(c.errors).sort().join(),
    c.applied,
  ],
};
