import { SessionFilter, type SessionFilterCode } from '../src/api/schemas/chatSessions';
import { TimeRange, type TimeRangeCode } from '../src/api/schemas/instances';
import { DAY, now } from './clock';

/*
 * Calendar periods in the runtime's local time zone (the browser's in demo mode): "today" is what the user
 * sees as today. Weeks start on Monday.
 */
export function startOfDay(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function startOfWeek(t: number): number {
  const d = new Date(startOfDay(t));
  const sinceMonday = (d.getDay() + 6) % 7;
  d.setDate(d.getDate() - sinceMonday);
  return d.getTime();
}

export function startOfMonth(t: number): number {
  const d = new Date(startOfDay(t));
  d.setDate(1);
  return d.getTime();
}

export function startOfYear(t: number): number {
  const d = new Date(startOfMonth(t));
  d.setMonth(0);
  return d.getTime();
}

/** Same day of month, `months` later (clamped to the month's end, like most billing systems). */
export function addMonths(t: number, months: number): number {
  const d = new Date(t);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  const lastDay = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, lastDay));
  return d.getTime();
}

export const nextMonthStart = (t: number) => addMonths(startOfMonth(t), 1);

/** A local day as `YYYY-MM-DD` (the user's calendar). */
export function calendarDate(t: number): string {
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight of a `YYYY-MM-DD` day, `days` later. */
export function startOfCalendarDate(date: string, days = 0): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d + days).getTime();
}

/** Whole local days from `startDate` to `endDate`, both included. */
export const periodOfDates = (startDate: string, endDate: string): Period => [
  startOfCalendarDate(startDate),
  startOfCalendarDate(endDate, 1),
];

/** [from, to) in epoch ms. */
export type Period = readonly [from: number, to: number];

export function periodOfTimeRange(code: TimeRangeCode, t = now()): Period {
  const end = t + 1;
  switch (code) {
    case TimeRange.today:
      return [startOfDay(t), end];
    case TimeRange.last7Days:
      return [t - 7 * DAY, end];
    case TimeRange.last30Days:
      return [t - 30 * DAY, end];
    case TimeRange.last365Days:
      return [t - 365 * DAY, end];
    case TimeRange.thisWeek:
      return [startOfWeek(t), end];
    case TimeRange.thisMonth:
      return [startOfMonth(t), end];
    case TimeRange.thisYear:
      return [startOfYear(t), end];
    default:
      return [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  }
}

/** The creation period a session filter selects, or null for "all" and "starred". */
export function periodOfSessionFilter(code: SessionFilterCode, t = now()): Period | null {
  if (code === SessionFilter.today) return [startOfDay(t), Number.POSITIVE_INFINITY];
  if (code === SessionFilter.thisWeek) return [startOfWeek(t), Number.POSITIVE_INFINITY];
  if (code === SessionFilter.thisMonth) return [startOfMonth(t), Number.POSITIVE_INFINITY];
  return null;
}

export const within = (iso: string, [from, to]: Period) => {
  const t = Date.parse(iso);
  return t >= from && t < to;
};
