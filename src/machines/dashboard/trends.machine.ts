import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { getTrends } from '../../api/dashboard';
import {
  isTrendPeriod,
  TREND_SERIES,
  type TrendPeriod,
  type TrendSeries,
  type TrendSeriesKey,
} from '../../api/schemas/dashboard';
import { describeError, notOffered } from '../errors';
import { fromRequest } from '../request';

/** The periods the card offers, in their order, with their labels. */
export const TREND_PERIOD_OPTIONS: ReadonlyArray<{ days: TrendPeriod; label: MessageDescriptor }> = [
  { days: 7, label: msg`7 days` },
  { days: 30, label: msg`30 days` },
  { days: 90, label: msg`90 days` },
];
/** The period the card opens with. */
export const DEFAULT_TREND_PERIOD: TrendPeriod = 7;

/** What the card shows: the series of one period, each null where it failed. */
export interface TrendsAnswer {
  days: TrendPeriod;
  series: TrendSeries;
  /** The server's reason for a failed series, where it gave one. */
  errors: Partial<Record<TrendSeriesKey, string>>;
}

export interface TrendsContext {
  /** The period chosen; the one loading, or shown once loaded. */
  period: TrendPeriod;
  /** The last answer, kept while another period (or a reload) loads, so the card does not jump. */
  data: TrendsAnswer | null;
  /** The series of the shown answer that failed: each shows its own failure, the others their chart. */
  failed: TrendSeriesKey[];
  /** Why the whole call failed; null once an answer arrives. */
  error: MessageDescriptor | string | null;
}

export type TrendsEvent =
  /** Another period: its series load, what is shown stays until they arrive; the request before is cancelled. */
  | { type: 'period.selected'; days: TrendPeriod }
  /** After a failure of the call or of some series: ask again for the same period. */
  | { type: 'trends.retry' }
  /** Load the period again (the dashboard's refresh). */
  | { type: 'trends.reload' };

/** The answer as the card keeps it: the period asked for when the server leaves `days` out. */
export async function loadTrends(days: TrendPeriod, signal: AbortSignal): Promise<TrendsAnswer> {
  const answer = await getTrends(days, signal);
  const errors: Partial<Record<TrendSeriesKey, string>> = {};
  for (const key of TREND_SERIES) {
    const reason = answer.errors?.[key];
    if (answer.series[key] === null && reason) errors[key] = reason;
  }
  return { days, series: answer.series, errors };
}

const failedOf = (series: TrendSeries) => TREND_SERIES.filter((key) => series[key] === null);

/**
 * The dashboard's trends card: four daily series over a period of 7, 30 or 90 days, from one call. The call
 * fails as a whole (`failed`, with a retry) or series by series: a series the server could not compute, or
 * the client could not read, is kept in `failed` and shows its own failure while the others show. Retry
 * is offered after either. A server without the call gets the card's quiet note instead (`notOffered`).
 */
export const trendsMachine = setup({
  types: {
    context: {} as TrendsContext,
    events: {} as TrendsEvent,
  },
  actors: {
    load: fromRequest<TrendsAnswer, { days: TrendPeriod }>(({ input, signal }) =>
      loadTrends(input.days, signal),
    ),
  },
  guards: {
    /** A period the card offers, other than the one chosen. */
    isOtherPeriod: ({ context, event }) =>
      event.type === 'period.selected' && isTrendPeriod(event.days) && event.days !== context.period,
    someSeriesFailed: ({ context }) => context.failed.length > 0,
    notOffered,
  },
  actions: {
    choosePeriod: assign({
      period: ({ context, event }) => (event.type === 'period.selected' ? event.days : context.period),
    }),
    keepAnswer: assign(({ event }) => {
      const data = (event as unknown as { output: TrendsAnswer }).output;
      return { data, failed: failedOf(data.series), error: null };
    }),
    keepError: assign({ error: ({ event }) => describeError((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'trends',
  context: {
    period: DEFAULT_TREND_PERIOD,
    data: null,
    failed: [],
    error: null,
  },
  initial: 'loading',
  on: {
    'period.selected': { guard: 'isOtherPeriod', target: '.loading', reenter: true, actions: 'choosePeriod' },
    'trends.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ days: context.period }),
        onDone: { target: 'ready', actions: 'keepAnswer' },
        onError: [
          { guard: 'notOffered', target: 'notOffered', actions: assign({ error: null }) },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    ready: {
      on: { 'trends.retry': { guard: 'someSeriesFailed', target: 'loading' } },
    },
    failed: {
      tags: ['failed'],
      on: { 'trends.retry': 'loading' },
    },
    /** The server has no trends call (it is ours, beyond the spec's): the card says so once, with no retry. */
    notOffered: {
      tags: ['notOffered'],
    },
  },
});
