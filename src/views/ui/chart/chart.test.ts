import { describe, expect, it } from 'vitest';
import { dayAfterKey } from './chart';

describe('dayAfterKey', () => {
  it('steps back with left and down, on with right and up, and stops at the ends', () => {
    expect(dayAfterKey('ArrowLeft', 3, 6)).toBe(2);
    expect(dayAfterKey('ArrowDown', 3, 6)).toBe(2);
    expect(dayAfterKey('ArrowRight', 3, 6)).toBe(4);
    expect(dayAfterKey('ArrowUp', 3, 6)).toBe(4);
    expect(dayAfterKey('ArrowLeft', 0, 6)).toBe(0);
    expect(dayAfterKey('ArrowRight', 6, 6)).toBe(6);
  });

  it('goes to the first and last day with Home and End, and ignores other keys', () => {
    expect(dayAfterKey('Home', 3, 6)).toBe(0);
    expect(dayAfterKey('End', 3, 6)).toBe(6);
    expect(dayAfterKey('Enter', 3, 6)).toBeNull();
    expect(dayAfterKey('a', 3, 6)).toBeNull();
  });
});
