import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { qaRuntime } from './runtime';

describe('the QA tools’ runtime', () => {
  it('tells the panel of changes after the work in progress, once for many (a screen may be rendering)', async () => {
    const heard = vi.fn();
    const stop = qaRuntime.subscribe(heard);
    const flow = setup({}).createMachine({ id: 'flow', on: { next: {} } });
    const actor = createActor(flow, { id: 'flow', inspect: qaRuntime.inspector() }).start();
    actor.send({ type: 'next' });
    actor.send({ type: 'next' });
    const version = qaRuntime.version();
    expect(heard).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(qaRuntime.version()).toBe(version);
    actor.stop();
    stop();
  });
});
