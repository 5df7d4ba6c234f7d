import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMessageTime, formatMoney } from './format';

describe('format', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024, '1.00 MB'],
    [5.25 * 1024 * 1024, '5.25 MB'],
  ])('file size %i is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('shows HH:mm for today and the date otherwise', () => {
    const now = dayjs('2026-11-22T15:00:00');
    expect(formatMessageTime('2026-11-22T09:05:00', now)).toBe('09:05');
    expect(formatMessageTime('2026-11-21T23:59:00', now)).toBe('2026-11-21 23:59');
  });

  it('formats money in the locale', () => {
    expect(formatMoney(99, 'usd', 'en')).toBe('$99.00');
    expect(formatMoney(299, 'cny', 'zh-CN')).toBe('¥299.00');
  });
});
