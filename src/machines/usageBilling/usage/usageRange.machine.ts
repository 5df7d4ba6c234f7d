import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import dayjs from 'dayjs';
import { assign, emit, setup } from 'xstate';
import {
  daysInRange,
  isCalendarDate,
  USAGE_RANGE_MAX_DAYS,
  type UsageDateRange,
} from '../../../api/schemas/instances';
import { tellParent } from '../../system';
import { CALENDAR_DATE, todayDate } from './usage.machine';

export type RangeField = 'start' | 'end';
export type RangeErrors = Partial<Record<RangeField, MessageDescriptor>>;

export const rangeMessages = {
  startMissing: msg`Enter the first day, as a full date.`,
  endMissing: msg`Enter the last day, as a full date.`,
  startFuture: msg`The first day cannot be after today.`,
  endFuture: msg`The last day cannot be after today.`,
  endBeforeStart: msg`The last day must be on or after the first day.`,
  tooLong: msg`A period can be at most 365 days, counting both the first and the last day.`,
};

/** What is wrong with a range, field by field (nothing: it can be sent). */
export function checkRange(start: string, end: string, today: string): RangeErrors {
  const errors: RangeErrors = {};
  if (!isCalendarDate(start)) errors.start = rangeMessages.startMissing;
  else if (start > today) errors.start = rangeMessages.startFuture;
  if (!isCalendarDate(end)) errors.end = rangeMessages.endMissing;
  else if (end > today) errors.end = rangeMessages.endFuture;
  if (errors.start || errors.end) return errors;
  if (end < start) errors.end = rangeMessages.endBeforeStart;
  else if (daysInRange(start, end) > USAGE_RANGE_MAX_DAYS) errors.end = rangeMessages.tooLong;
  return errors;
}

/** The first field to fix, in the form's order (where the focus goes). */
export const firstToFix = (errors: RangeErrors): RangeField | undefined =>
  (['start', 'end'] as const).find((f) => errors[f]);

/** The days a new picker offers first: the last 30, today included. */
export function defaultRange(today: string): UsageDateRange {
  return {
    startDate: dayjs(today, CALENDAR_DATE).subtract(29, 'day').format(CALENDAR_DATE),
    endDate: today,
  };
}

export interface UsageRangeContext {
  start: string;
  end: string;
  /** Fields the last Apply was refused for, until they change. */
  errors: RangeErrors;
  /** The range last applied: the picker opens on it again. */
  applied: UsageDateRange | null;
}

export type UsageRangeEvent =
  | { type: 'range.opened' }
  | { type: 'range.changed'; field: RangeField; value: string }
  | { type: 'range.applied' }
  | { type: 'range.cancelled' };

/** A refused Apply, for the view to move the focus to the field to fix. */
export type UsageRangeEmitted = { type: 'range.refused'; field: RangeField };

/** What the picker tells the screen running it: these days were chosen. */
export type UsageRangeReport = { type: 'usage.rangeChosen' } & UsageDateRange;

/**
 * The custom period of the usage details (issue 18, point 5): a first and a last day, both included. Apply
 * checks them (real dates, neither after today, the last on or after the first, at most 365 days) and either
 * names what to fix or tells the screen the days; nothing invalid is ever sent. Cancel keeps the period shown.
 */
export const usageRangeMachine = setup({
  types: {
    context: {} as UsageRangeContext,
    events: {} as UsageRangeEvent,
    emitted: {} as UsageRangeEmitted,
  },
  guards: {
    refused: ({ context }) => firstToFix(checkRange(context.start, context.end, todayDate())) !== undefined,
  },
  actions: {
    prefill: assign(({ context }) => {
      const range = context.applied ?? defaultRange(todayDate());
      return { start: range.startDate, end: range.endDate, errors: {} };
    }),
    // The field being changed loses its error; the other keeps one only while it still has it (the new days
    // may have fixed it, or changed what is wrong).
    setField: assign(({ context, event }) => {
      if (event.type !== 'range.changed') return {};
      const next = { start: context.start, end: context.end, [event.field]: event.value };
      const now = checkRange(next.start, next.end, todayDate());
      const errors: RangeErrors = {};
      for (const field of ['start', 'end'] as const)
        if (field !== event.field && context.errors[field] && now[field]) errors[field] = now[field];
      return { ...next, errors };
    }),
    refuse: assign(({ context }) => ({ errors: checkRange(context.start, context.end, todayDate()) })),
    tellRefused: emit(({ context }) => ({
      type: 'range.refused' as const,
      field: firstToFix(checkRange(context.start, context.end, todayDate())) ?? 'start',
    })),
    keepApplied: assign(({ context }) => ({
      applied: { startDate: context.start, endDate: context.end },
      errors: {},
    })),
    // To the screen running the picker (alone, in a test, there is none).
    tellChosen: tellParent(
      ({ context }): UsageRangeReport => ({
        type: 'usage.rangeChosen',
        startDate: context.start,
        endDate: context.end,
      }),
    ),
  },
}).createMachine({
  id: 'usageRange',
  context: { start: '', end: '', errors: {}, applied: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'range.opened': { target: 'open', actions: 'prefill' } },
    },
    open: {
      tags: ['open'],
      on: {
        'range.changed': { actions: 'setField' },
        'range.applied': [
          { guard: 'refused', actions: ['refuse', 'tellRefused'] },
          { target: 'closed', actions: ['keepApplied', 'tellChosen'] },
        ],
        'range.cancelled': { target: 'closed', actions: assign({ errors: {} }) },
      },
    },
  },
});
