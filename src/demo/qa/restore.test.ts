import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type Snapshot } from 'xstate';
import { restoredStart, runsChild } from './restore';

// A screen whose child flow runs only in one state, as a conversation's analysis runs only while it is open.
const child = createMachine({
  id: 'child',
  initial: 'idle',
  states: { idle: { on: { fail: 'failed' } }, failed: {} },
});
const screen = createMachine({
  id: 'screen',
  initial: 'closed',
  states: {
    closed: { on: { open: 'open' } },
    open: { invoke: { id: 'child', src: child } },
  },
});
const failedChild = (() => {
  const actor = createActor(child).start();
  actor.send({ type: 'fail' });
  return actor.getPersistedSnapshot();
})();
const pendingOf = (map: Record<string, Snapshot<unknown>>) => (id: string) => map[id];

describe('a jump of a flow the screen runs as a child', () => {
  it('restarts the screen as it was, with the child restored', () => {
    const running = createActor(screen).start();
    running.send({ type: 'open' });
    const base = running.getPersistedSnapshot();
    expect(runsChild(base, 'child')).toBe(true);

    const start = restoredStart(pendingOf({ child: failedChild }), 'screen', screen, undefined, base);
    const restarted = createActor(screen, { snapshot: start }).start();
    expect(restarted.getSnapshot().value).toBe('open');
    expect(restarted.getSnapshot().children.child?.getSnapshot().value).toBe('failed');
  });

  it('has nothing to restore into a screen that does not run the child', () => {
    const closed = createActor(screen).start().getPersistedSnapshot();
    expect(runsChild(closed, 'child')).toBe(false);
    expect(restoredStart(pendingOf({ child: failedChild }), 'screen', screen, undefined)).toBeUndefined();
  });

  it('restarts the screen afresh when it runs the child from its start', () => {
    const always = createMachine({
      id: 'always',
      initial: 'closed',
      invoke: { id: 'child', src: child },
      states: { closed: { on: { open: 'open' } }, open: {} },
    });
    const running = createActor(always).start();
    running.send({ type: 'open' });
    const start = restoredStart(
      pendingOf({ child: failedChild }),
      'always',
      always,
      undefined,
      running.getPersistedSnapshot(),
    );
    const restarted = createActor(always, { snapshot: start }).start();
    expect(restarted.getSnapshot().value).toBe('closed');
    expect(restarted.getSnapshot().children.child?.getSnapshot().value).toBe('failed');
  });

  it('a jump of the screen itself wins over its children', () => {
    const own = createActor(screen).start().getPersistedSnapshot();
    expect(restoredStart(pendingOf({ screen: own, child: failedChild }), 'screen', screen, undefined)).toBe(
      own,
    );
  });
});
