import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPhone, loadPhoneGrouping } from './phone';

/** A copy of the module as a page has it before the groupings have loaded. */
async function freshPhoneModule() {
  vi.resetModules();
  return import('./phone');
}

describe('formatPhone', () => {
  beforeAll(() => loadPhoneGrouping());

  it.each([
    ['14155550123', '+1 415 555 0123'],
    ['+14155550123', '+1 415 555 0123'],
    ['+1 (415) 555-0123', '+1 415 555 0123'],
    ['8613812345678', '+86 138 1234 5678'],
    ['886912345678', '+886 912 345 678'],
    ['447911123456', '+44 7911 123456'],
    ['85291234567', '+852 9123 4567'],
  ])('writes %s as %s', (raw, shown) => expect(formatPhone(raw)).toBe(shown));

  it('keeps a number it cannot group behind a "+", and leaves what is not a number as it came', () => {
    expect(formatPhone('999123456789')).toBe('+999123456789');
    expect(formatPhone('Front desk')).toBe('Front desk');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('120363025@g.us')).toBe('120363025@g.us');
  });
});

describe('usePhoneFormat', () => {
  it('shows "+" and the digits until the groupings arrive, then the grouped number', async () => {
    const phone = await freshPhoneModule();
    expect(phone.formatPhone('8613812345678')).toBe('+8613812345678');
    const { result } = renderHook(() => phone.usePhoneFormat()('8613812345678'));
    expect(result.current).toBe('+8613812345678');
    await waitFor(() => expect(result.current).toBe('+86 138 1234 5678'));
  });

  it('keeps the plain form when the groupings cannot be fetched, and tries again on the next load', async () => {
    const phone = await freshPhoneModule();
    vi.doMock('./phoneFormat', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    await phone.loadPhoneGrouping();
    expect(phone.formatPhone('14155550123')).toBe('+14155550123');
    vi.doUnmock('./phoneFormat');
    await phone.loadPhoneGrouping();
    expect(phone.formatPhone('14155550123')).toBe('+1 415 555 0123');
  });
});
