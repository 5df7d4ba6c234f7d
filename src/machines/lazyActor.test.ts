import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, emit, setup } from 'xstate';
import { lazyActor } from './lazyActor';

/** Counts `ping`s and emits `pinged` with the count. */
const counter = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'ping' } },
}).createMachine({
  context: { n: 0 },
  on: {
    ping: {
      actions: [
        assign({ n: ({ context }) => context.n + 1 }),
        emit(({ context }) => ({ type: 'pinged', n: context.n })),
      ],
    },
  },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const parentOf = (logic: ReturnType<typeof lazyActor>) =>
  createMachine({ invoke: { id: 'child', systemId: 'lazy', src: logic } });

describe('lazyActor', () => {
  it('stands in for the loaded actor: early events reach it, what it emits is emitted again', async () => {
    const load = deferred<typeof counter>();
    const parent = createActor(parentOf(lazyActor(() => load.promise, 'a counter'))).start();
    const standIn = parent.system.get('lazy');
    const heard: unknown[] = [];
    standIn.on('*', (e: unknown) => heard.push(e));
    standIn.send({ type: 'ping' });
    expect(heard).toEqual([]);
    load.resolve(counter);
    await load.promise;
    await Promise.resolve();
    expect(heard).toEqual([{ type: 'pinged', n: 1 }]);
    standIn.send({ type: 'ping' });
    expect(heard).toEqual([
      { type: 'pinged', n: 1 },
      { type: 'pinged', n: 2 },
    ]);
    parent.stop();
    // Stopped with the stand-in: it hears nothing more.
    standIn.send({ type: 'ping' });
    expect(heard).toHaveLength(2);
  });

  it('stops the loaded actor with the stand-in, and starts none when the load comes after', async () => {
    const late = deferred<typeof counter>();
    const parent = createActor(parentOf(lazyActor(() => late.promise, 'a counter'))).start();
    const standIn = parent.system.get('lazy');
    const heard: unknown[] = [];
    standIn.on('*', (e: unknown) => heard.push(e));
    standIn.send({ type: 'ping' });
    parent.stop();
    late.resolve(counter);
    await late.promise;
    await Promise.resolve();
    expect(heard).toEqual([]);
  });
});
