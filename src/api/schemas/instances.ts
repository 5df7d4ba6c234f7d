import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

/** Status 1 is online; any other value is offline. */
export const INSTANCE_ONLINE = 1;

/** Connection states reported by the messaging engine; ready and authenticated mean the phone is linked. */
export const InstanceStatusSchema = z.string();
export const CONNECTED_STATUSES = ['ready', 'authenticated'] as const;

/**
 * The most a level-H QR code holds (version 40, byte mode): 1,273 bytes of UTF-8. A longer text cannot be
 * drawn, so an answer carrying one is refused here rather than failing inside the QR renderer.
 */
export const QR_MAX_BYTES = 1273;
const fitsQrCode = (text: string) => new TextEncoder().encode(text).length <= QR_MAX_BYTES;
export const QrCodeSchema = z.string().check(z.refine(fitsQrCode, 'too long for a QR code'));

/**
 * Spec section 3's fields are required; the list and the detail answer the same shape. qrCode is the text to
 * render as a QR image, null when there is no code (yet, or any more). The other fields are not in the spec:
 * a server may leave them out, and fields the client does not know pass through.
 */
export const InstanceSchema = z.looseObject({
  id: IdSchema,
  instanceName: z.string(),
  chatbotId: z.nullable(IdSchema),
  status: z.int(),
  instanceStatus: InstanceStatusSchema,
  qrCode: z.nullable(QrCodeSchema),
  /** Missing or null: the number is not known, and the list leaves the line out. */
  phoneNumber: z.optional(z.nullable(z.string())),
  /** No screen reads it. */
  createdAt: z.optional(DateTimeSchema),
  /** null: never active ("never"); missing: not known, so the list shows "—" rather than claim never. */
  lastActiveAt: z.optional(z.nullable(DateTimeSchema)),
});
export type Instance = z.infer<typeof InstanceSchema>;
export const InstanceListSchema = z.array(InstanceSchema);

export const InstanceUpdateBodySchema = z.object({
  instanceName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  chatbotId: IdSchema,
});
export type InstanceUpdateBody = z.infer<typeof InstanceUpdateBodySchema>;

/** Usage time range codes of spec section 3. */
export const TimeRange = {
  today: 1,
  last7Days: 2,
  last30Days: 3,
  last365Days: 4,
  thisWeek: 5,
  thisMonth: 6,
  thisYear: 7,
  all: 8,
} as const;
export const TimeRangeSchema = z.union(Object.values(TimeRange).map((v) => z.literal(v)));
export type TimeRangeCode = (typeof TimeRange)[keyof typeof TimeRange];

/** A day of the user's calendar, `YYYY-MM-DD` (no time, no zone). */
export const CalendarDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((d) => isCalendarDate(d), 'not a calendar day'),
);

/** Whether `YYYY-MM-DD` names a day that exists (2026-02-30 does not). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The longest period of days a usage request may name, both ends counted (365 days in all). */
export const USAGE_RANGE_MAX_DAYS = 365;

/** How many days from `start` to `end`, both counted: the same day is 1, an end before the start is 0 or less. */
export function daysInRange(start: string, end: string): number {
  const utc = (date: string) => {
    const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(end) - utc(start)) / 86_400_000) + 1;
}

/** The spec's request: one of the time range codes 1 to 8. */
export const UsageTimeRangeBodySchema = z.object({ timeRange: TimeRangeSchema });

/**
 * Not in the spec, which knows only the codes: a period of whole days of the user's calendar, both ends
 * included (`{startDate: '2026-10-01', endDate: '2026-10-31'}` is October), at most 365 days, the end on or
 * after the start. "Last month" and "Custom" send it *instead of* a timeRange (never both): a server that only
 * knows the codes then refuses the body (400) rather than answering for a period the user did not ask for.
 */
export const UsageDateRangeSchema = z
  .object({ startDate: CalendarDateSchema, endDate: CalendarDateSchema })
  .check(
    z.refine((r) => daysInRange(r.startDate, r.endDate) >= 1, {
      message: 'endDate: before startDate',
      path: ['endDate'],
    }),
    z.refine((r) => daysInRange(r.startDate, r.endDate) <= USAGE_RANGE_MAX_DAYS, {
      message: `endDate: more than ${USAGE_RANGE_MAX_DAYS} days after startDate`,
      path: ['endDate'],
    }),
  );
export type UsageDateRange = z.infer<typeof UsageDateRangeSchema>;

export const UsageInfoBodySchema = z.union([UsageTimeRangeBodySchema, UsageDateRangeSchema]);

/** Tokens used on one day of the period (the user's calendar). */
export const DailyTokensSchema = z.looseObject({
  date: CalendarDateSchema,
  tokenCount: z.int().check(z.nonnegative()),
});
export type DailyTokens = z.infer<typeof DailyTokensSchema>;

/**
 * Usage info as spec section 3 lists it; fields the client does not know pass through. `dailyTokens` is not
 * in the spec: the period's tokens day by day, oldest first (the tokens-per-day chart). A server that leaves
 * it out gets a "no daily figures" note instead of a chart; nothing else depends on it.
 */
export const UsageInfoSchema = z.looseObject({
  nowInstanceNum: z.int().check(z.nonnegative()),
  maxInstanceNum: z.int(),
  usageInfos: z.array(z.looseObject({ sessionFrom: z.string(), tokenCount: z.int().check(z.nonnegative()) })),
  totalTokenCount: z.int().check(z.nonnegative()),
  dailyTokens: z.optional(z.array(DailyTokensSchema)),
});
export type UsageInfo = z.infer<typeof UsageInfoSchema>;
