import { describe, expect, it } from 'vitest';
import { runPool } from './pool';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runPool', () => {
  it('runs at most `limit` at once, in order, and finishes when all have settled', async () => {
    const running: number[] = [];
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, deferred);
    let done = false;
    const all = runPool([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      running.push(i);
      await gates[i]?.promise;
      running.splice(running.indexOf(i), 1);
    }).then(() => {
      done = true;
    });
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(running).toEqual([0, 2]);
    // A failure frees its lane like a success.
    gates[0]?.reject(new Error('boom'));
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.resolve();
    await all;
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(done).toBe(true);
  });

  it('finishes at once with nothing to do', async () => {
    await expect(runPool([], 4, async () => {})).resolves.toBeUndefined();
  });
});
