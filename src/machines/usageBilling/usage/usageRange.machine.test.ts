import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { usageRangeModel } from '../../../demo/qa/flowModels/usageRange.flowModel';
import { todayDate } from './usage.machine';
import {
  checkRange,
  defaultRange,
  type RangeField,
  rangeMessages,
  type UsageRangeEmitted,
  usageRangeMachine,
} from './usageRange.machine';

const today = '2026-11-20';

describe('the custom period, on 20 November 2026', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 12));
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    const actor = createActor(usageRangeMachine).start();
    const refused: RangeField[] = [];
    actor.on('range.refused', (e: UsageRangeEmitted) => refused.push(e.field));
    const change = (field: RangeField, value: string) => actor.send({ type: 'range.changed', field, value });
    return { actor, refused, change };
  }

  it('accepts up to 365 days counting both ends, the end on or after the start, nothing after today', () => {
    expect(checkRange('2026-11-20', '2026-11-20', today)).toEqual({});
    expect(checkRange('2025-11-21', '2026-11-20', today)).toEqual({});
    expect(checkRange('2025-11-20', '2026-11-20', today)).toEqual({ end: rangeMessages.tooLong });
    expect(checkRange('2026-10-02', '2026-10-01', today)).toEqual({ end: rangeMessages.endBeforeStart });
    expect(checkRange('2026-11-01', '2026-11-21', today)).toEqual({ end: rangeMessages.endFuture });
    expect(checkRange('2026-11-21', '2026-11-22', today)).toEqual({
      start: rangeMessages.startFuture,
      end: rangeMessages.endFuture,
    });
    expect(checkRange('', '2026-02-30', today)).toEqual({
      start: rangeMessages.startMissing,
      end: rangeMessages.endMissing,
    });
  });

  it('opens on the last 30 days, then on the days last applied', () => {
    const { actor, change } = start();
    actor.send({ type: 'range.opened' });
    expect(defaultRange(today)).toEqual({ startDate: '2026-10-22', endDate: today });
    expect(actor.getSnapshot().context).toMatchObject({ start: '2026-10-22', end: today });
    change('start', '2026-10-01');
    change('end', '2026-10-31');
    actor.send({ type: 'range.applied' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.applied).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    actor.send({ type: 'range.opened' });
    change('start', '2026-09-01');
    actor.send({ type: 'range.cancelled' });
    actor.send({ type: 'range.opened' });
    expect(actor.getSnapshot().context).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
  });

  it('refuses an invalid range, names the field to fix, and forgets the error once it changes', () => {
    const { actor, refused, change } = start();
    actor.send({ type: 'range.opened' });
    change('start', '2026-10-05');
    change('end', '2026-10-04');
    actor.send({ type: 'range.applied' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.errors).toEqual({ end: rangeMessages.endBeforeStart });
    expect(refused).toEqual(['end']);
    change('end', '2026-10-06');
    expect(actor.getSnapshot().context.errors).toEqual({});
    change('start', '');
    actor.send({ type: 'range.applied' });
    expect(refused).toEqual(['end', 'start']);
    expect(actor.getSnapshot().context.applied).toBeNull();
  });
});

type Snap = SnapshotFrom<typeof usageRangeMachine>;

describeStateViews(usageRangeModel, {
  '*': {
    shows: (s: Snap) => {
      // Applied days are always days the API takes.
      const applied = s.context.applied;
      if (applied) expect(checkRange(applied.startDate, applied.endDate, todayDate())).toEqual({});
    },
  },
  closed: {
    enabled: ['range.opened'],
    shows: (s: Snap) => expect(s.context.errors).toEqual({}),
  },
  open: {
    tags: ['open'],
    enabled: ['range.changed', 'range.applied', 'range.cancelled'],
    shows: (s: Snap) => {
      // Errors shown are the ones the days still have.
      const now = checkRange(s.context.start, s.context.end, todayDate());
      for (const [field, message] of Object.entries(s.context.errors))
        expect(now[field as RangeField]).toEqual(message);
    },
  },
});
