import { now } from '../../../../mocks/clock';
import type { TrendPoint, TrendSeries } from '../../../api/schemas/dashboard';
import { type TrendsAnswer, trendsMachine } from '../../../machines/dashboard/trends.machine';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';

/** The last seven local days, oldest first, ending today. */
const week = (values: Array<number | null>): TrendPoint[] =>
  values.map((value, i) => {
    const d = new Date(now());
    d.setDate(d.getDate() - (values.length - 1 - i));
    const pad = (n: number) => String(n).padStart(2, '0');
    return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, value };
  });

const series: TrendSeries = {
  messages: week([42, 57, 38, 0, 61, 74, 66]),
  activeUsers: week([5, 7, 4, 0, 8, 9, 8]),
  tokens: week([1_840, 2_512, 1_610, 0, 2_730, 3_305, 2_960]),
  positiveShare: week([0.6, 0.71, 0.5, null, 0.63, 0.78, 0.75]),
};

/** A week of every series. */
export const sampleTrends: TrendsAnswer = { days: 7, series, errors: {} };
/** The same week, with the server unable to count its tokens: that series fails alone. */
export const partialTrends: TrendsAnswer = {
  days: 7,
  series: { ...series, tokens: null },
  errors: { tokens: 'This series could not be computed' },
};

/**
 * The trends card: a week first (as the dashboard opens), then a month and back; the call answers every
 * series, or all but the tokens; or it fails, or the server does not offer it.
 */
export const trendsModel: FlowModel = {
  id: 'trends',
  machine: trendsMachine,
  events: [
    { type: 'period.selected', days: 30 },
    { type: 'period.selected', days: 7 },
    { type: 'trends.retry' },
    { type: 'trends.reload' },
  ],
  outputs: { load: oneOf(sampleTrends, partialTrends) },
  errors: { load: failingOrNotOffered('load') },
  serialize: ({ context: c }) => [c.period, c.data !== null, c.failed, c.error !== null],
};
