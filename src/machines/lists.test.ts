import { describe, expect, it } from 'vitest';
import { withItem } from './lists';

describe('withItem', () => {
  const a = { id: 'a', v: 1 };
  const b = { id: 'b', v: 2 };
  it('replaces the item with the same id where it stands, or adds a new one at the end', () => {
    expect(withItem([a, b], { id: 'a', v: 3 })).toEqual([{ id: 'a', v: 3 }, b]);
    expect(withItem([a], b)).toEqual([a, b]);
    expect(withItem([], a)).toEqual([a]);
  });
});
