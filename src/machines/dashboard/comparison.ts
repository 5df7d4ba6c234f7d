import type { Comparison } from '../../api/schemas/dashboard';

export interface ComparisonResult {
  sign: '+' | '-';
  /** A count when yesterday was 0, otherwise a whole percentage. */
  value: number;
  unit: 'count' | 'percent';
}

/**
 * change/base as a whole percent, rounded half up (12.5 % -> 13 %). Integer arithmetic, so a half is exactly
 * a half: floor((100 * change + base / 2) / base), doubled to stay in integers. Inputs are never negative.
 */
const wholePercent = (change: number, base: number) => Math.floor((200 * change + base) / (2 * base));

/**
 * Today against yesterday, exactly as the spec words it: yesterday 0 -> "+" and today's count; today higher
 * -> "+" and the percentage increase; otherwise (equal included) "-" and the percentage decrease.
 */
export function compareWithYesterday({ countsOfToday: today, countsOfYesterday: yesterday }: Comparison) {
  if (yesterday === 0) return { sign: '+', value: today, unit: 'count' } satisfies ComparisonResult;
  if (today > yesterday)
    return {
      sign: '+',
      value: wholePercent(today - yesterday, yesterday),
      unit: 'percent',
    } satisfies ComparisonResult;
  return {
    sign: '-',
    value: wholePercent(yesterday - today, yesterday),
    unit: 'percent',
  } satisfies ComparisonResult;
}

/** The comparison as the card shows it: "+ 5", "+ 25%", "- 10%" (numbers are the same in every language). */
export function comparisonText(comparison: Comparison): string {
  const { sign, value, unit } = compareWithYesterday(comparison);
  return `${sign} ${value}${unit === 'percent' ? '%' : ''}`;
}
