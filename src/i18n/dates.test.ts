import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from '../views/ui/format';
import { activateLocale } from './i18n';

describe('dates follow the interface language', () => {
  it('formats in English, then in Chinese after a switch', async () => {
    await activateLocale('en', { persist: false });
    expect(formatDate('2026-11-22T10:00:00')).toBe('November 22, 2026');
    await activateLocale('zh-CN', { persist: false });
    expect(formatDate('2026-11-22T10:00:00')).toBe('2026年11月22日');
    expect(formatRelative(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('5 分钟前');
    await activateLocale('zh-TW', { persist: false });
    expect(formatDate('2026-11-22T10:00:00')).toBe('2026年11月22日');
    await activateLocale('en', { persist: false });
  });
});
