import * as z from 'zod/mini';
import { DateTimeSchema } from './common';

/* Count and comparison answers as spec section 3 lists them; fields the client does not know pass through. */
export const CountSchema = z.looseObject({ count: z.int().check(z.nonnegative()) });
export type Count = z.infer<typeof CountSchema>;

export const ComparisonSchema = z.looseObject({
  countsOfToday: z.int().check(z.nonnegative()),
  countsOfYesterday: z.int().check(z.nonnegative()),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

/** The spec's four event kinds; `type` lets the client translate, `description` is the server's own text. */
export const ActivityTypeSchema = z.enum([
  'user_connected',
  'agent_updated',
  'knowledge_updated',
  'instance_bound',
]);
export type ActivityType = z.infer<typeof ActivityTypeSchema>;
export const isActivityType = (type: unknown): type is ActivityType =>
  ActivityTypeSchema.safeParse(type).success;

/**
 * createdAt and description are spec section 3's; `type` is not: when it is missing, or a kind the client
 * does not know, the entry shows the server's description (so any string is accepted here).
 */
export const ActivityLogEntrySchema = z.looseObject({
  createdAt: DateTimeSchema,
  description: z.string(),
  type: z.optional(z.string()),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;
export const ActivityLogSchema = z.array(ActivityLogEntrySchema);

/* Trends: GET /dashboard/trends?days=7|30|90 (not in the spec; issue 17). */

/** The periods the trends endpoint answers, in days; anything else is a 400 VALIDATION_FAILED. */
export const TREND_PERIODS = [7, 30, 90] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];
export const isTrendPeriod = (days: unknown): days is TrendPeriod =>
  TREND_PERIODS.includes(days as TrendPeriod);

/** The four daily series, in the order the card shows them. */
export const TREND_SERIES = ['messages', 'activeUsers', 'tokens', 'positiveShare'] as const;
export type TrendSeriesKey = (typeof TREND_SERIES)[number];

/** A calendar day of the user's local calendar. */
const DaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD day'));

/**
 * One day of a series. A count is a whole number; the positive share is a fraction of 0 to 1, or null on a day
 * without conversations (nothing to share out).
 */
const pointOf = <V extends z.ZodMiniType>(value: V) => z.looseObject({ date: DaySchema, value });
const CountPoint = pointOf(z.int().check(z.nonnegative()));
const SharePoint = pointOf(z.nullable(z.number().check(z.gte(0), z.lte(1))));
export interface TrendPoint {
  date: string;
  value: number | null;
}

/** A series the client cannot read (missing, null, or any point malformed) is null: it fails alone. */
const series = <P extends z.ZodMiniType>(point: P) => z.catch(z.nullable(z.array(point)), null);

export const TrendSeriesSetSchema = z.looseObject({
  messages: series(CountPoint),
  activeUsers: series(CountPoint),
  tokens: series(CountPoint),
  positiveShare: series(SharePoint),
});

/**
 * Daily series for a period, oldest day first, one point a day. `days` and `errors` (the server's reason for
 * a series it could not compute, by series) may be missing; a missing `series` fails every series, each alone.
 */
export const TrendsSchema = z.looseObject({
  days: z.optional(z.int()),
  series: z.catch(TrendSeriesSetSchema, () => ({
    messages: null,
    activeUsers: null,
    tokens: null,
    positiveShare: null,
  })),
  errors: z.catch(z.optional(z.record(z.string(), z.string())), undefined),
});
export type Trends = z.infer<typeof TrendsSchema>;
export type TrendSeries = Record<TrendSeriesKey, TrendPoint[] | null>;
