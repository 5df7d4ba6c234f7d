import { UNLIMITED } from '../../../api/schemas/membership';

/**
 * How heavy a day of token use was for the plan: its tokens against the day's even share of the plan's
 * monthly token limit (the limit divided by the days of that day's month). Below 50 %, from 50 %, from 80 %.
 */
export type DayLevel = 'under50' | 'from50' | 'from80';

export const LEVEL_THRESHOLDS = { from50: 0.5, from80: 0.8 } as const;

/** Days in the month of a `YYYY-MM-DD` day. */
export function daysInMonthOf(date: string): number {
  const [y = 0, m = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A day's even share of the monthly limit; null when the plan is unlimited or not known. */
export function dailyShare(date: string, monthlyLimit: number | null): number | null {
  if (monthlyLimit === null || monthlyLimit === UNLIMITED || monthlyLimit < 0) return null;
  return monthlyLimit / daysInMonthOf(date);
}

/** The level of a day, or null where there is no limit to compare with. */
export function levelOf(date: string, tokens: number, monthlyLimit: number | null): DayLevel | null {
  const share = dailyShare(date, monthlyLimit);
  if (share === null) return null;
  if (share === 0) return tokens > 0 ? 'from80' : 'under50';
  const ratio = tokens / share;
  return ratio >= LEVEL_THRESHOLDS.from80
    ? 'from80'
    : ratio >= LEVEL_THRESHOLDS.from50
      ? 'from50'
      : 'under50';
}
