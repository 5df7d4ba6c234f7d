import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it.each([
    ['14155550123', '+1 415 555 0123'],
    ['+14155550123', '+1 415 555 0123'],
    ['+1 (415) 555-0123', '+1 415 555 0123'],
    ['8613812345678', '+86 138 1234 5678'],
    ['886912345678', '+886 912 345 678'],
    ['447911123456', '+44 7911 123456'],
  ])('writes %s as %s', (raw, shown) => expect(formatPhone(raw)).toBe(shown));

  it('leaves what is not a phone number as it came', () => {
    expect(formatPhone('Front desk')).toBe('Front desk');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('120363025@g.us')).toBe('120363025@g.us');
  });
});
