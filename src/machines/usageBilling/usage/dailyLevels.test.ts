import { describe, expect, it } from 'vitest';
import { dailyShare, daysInMonthOf, levelOf } from './dailyLevels';

describe('levels of a day of tokens', () => {
  it("shares the monthly limit evenly over the days of the day's month", () => {
    expect(daysInMonthOf('2026-02-10')).toBe(28);
    expect(daysInMonthOf('2024-02-10')).toBe(29);
    expect(daysInMonthOf('2026-10-31')).toBe(31);
    expect(dailyShare('2026-11-05', 30_000)).toBe(1_000);
    expect(dailyShare('2026-11-05', -1)).toBeNull();
    expect(dailyShare('2026-11-05', null)).toBeNull();
  });

  it("is below 50 %, from 50 % or from 80 % of the day's share", () => {
    // November: 30 days, a share of 1,000 tokens a day.
    expect(levelOf('2026-11-05', 0, 30_000)).toBe('under50');
    expect(levelOf('2026-11-05', 499, 30_000)).toBe('under50');
    expect(levelOf('2026-11-05', 500, 30_000)).toBe('from50');
    expect(levelOf('2026-11-05', 799, 30_000)).toBe('from50');
    expect(levelOf('2026-11-05', 800, 30_000)).toBe('from80');
    expect(levelOf('2026-11-05', 5_000, 30_000)).toBe('from80');
    expect(levelOf('2026-11-05', 5_000, -1)).toBeNull();
    expect(levelOf('2026-11-05', 1, 0)).toBe('from80');
  });
});
