import { describe, expect, it, vi } from 'vitest';
import { epochIn, TEST_START, TEST_TIME_ZONE, testLocalNow } from './clock';

describe('the suite clock', () => {
  it('runs in the suite time zone', () => {
    expect(process.env.TZ).toBe(TEST_TIME_ZONE);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(TEST_TIME_ZONE);
  });

  it('starts each file at the fixed local time and runs on from there', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    expect(local(new Date(TEST_START))).toBe(testLocalNow());
    // It has moved on since the file started (by the minutes a file takes at most), never back.
    expect(Date.now()).toBeGreaterThanOrEqual(TEST_START);
    expect(Date.now() - TEST_START).toBeLessThan(10 * 60_000);
    // `new Date()` without arguments reads the same clock.
    expect(new Date().toISOString() >= new Date(TEST_START).toISOString()).toBe(true);
  });

  it('hands its time to fake timers', () => {
    vi.useFakeTimers();
    try {
      expect(Date.now() - TEST_START).toBeLessThan(10 * 60_000);
      expect(Date.now()).toBeGreaterThanOrEqual(TEST_START);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a local time as the zone reads it', () => {
    expect(epochIn('UTC', '2026-11-18T00:05:00')).toBe(Date.parse('2026-11-18T00:05:00Z'));
    expect(epochIn('Pacific/Kiritimati', '2026-11-18T00:05:00')).toBe(Date.parse('2026-11-17T10:05:00Z'));
    expect(epochIn('Pacific/Pago_Pago', '2026-11-18T23:55:00')).toBe(Date.parse('2026-11-19T10:55:00Z'));
    expect(testLocalNow('0:05')).toBe('2026-11-18T00:05:00');
    expect(testLocalNow('2026-03-01T23:55')).toBe('2026-03-01T23:55:00');
    expect(() => testLocalNow('tomorrow')).toThrow(/TEST_NOW/);
  });
});
