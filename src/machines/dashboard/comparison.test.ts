import { describe, expect, it } from 'vitest';
import { compareWithYesterday, comparisonText } from './comparison';

const text = (countsOfToday: number, countsOfYesterday: number) =>
  comparisonText({ countsOfToday, countsOfYesterday });

describe('comparison with yesterday', () => {
  it('yesterday 0: "+ " and today\'s count', () => {
    expect(text(7, 0)).toBe('+ 7');
    expect(text(0, 0)).toBe('+ 0');
    expect(compareWithYesterday({ countsOfToday: 7, countsOfYesterday: 0 })).toEqual({
      sign: '+',
      value: 7,
      unit: 'count',
    });
  });

  it('today higher: "+ " and the percentage increase', () => {
    expect(text(15, 10)).toBe('+ 50%');
    expect(text(30, 10)).toBe('+ 200%');
  });

  it('otherwise "- " and the percentage decrease, equal days included', () => {
    expect(text(5, 10)).toBe('- 50%');
    expect(text(0, 4)).toBe('- 100%');
    expect(text(10, 10)).toBe('- 0%');
  });

  it('rounds to a whole percent, half up', () => {
    // 1/8 = 12.5 % -> 13 %, 1/3 = 33.33 % -> 33 %, 2/3 = 66.67 % -> 67 %
    expect(text(9, 8)).toBe('+ 13%');
    expect(text(4, 3)).toBe('+ 33%');
    expect(text(5, 3)).toBe('+ 67%');
    expect(text(7, 8)).toBe('- 13%');
    expect(text(2, 3)).toBe('- 33%');
    // 1/200 = 0.5 % -> 1 %; 1/201 = 0.497 % -> 0 %
    expect(text(201, 200)).toBe('+ 1%');
    expect(text(202, 201)).toBe('+ 0%');
  });
});
