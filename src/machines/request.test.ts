import { renderHook } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { fromRequest } from './request';

const machine = (run: (signal: AbortSignal) => Promise<string>) =>
  setup({ actors: { load: fromRequest(({ signal }) => run(signal)) } }).createMachine({
    initial: 'loading',
    states: {
      loading: { invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'failed' } },
      done: {},
      failed: {},
    },
  });

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('fromRequest', () => {
  it('passes answers and real failures through', async () => {
    const ok = createActor(machine(async () => 'fine')).start();
    const bad = createActor(machine(async () => Promise.reject(new Error('500')))).start();
    await settle();
    expect(ok.getSnapshot().value).toBe('done');
    expect(bad.getSnapshot().value).toBe('failed');
  });

  it('under React StrictMode (mount, unmount, mount) the stale aborted run does not reach onError', async () => {
    const runs: AbortSignal[] = [];
    const logic = machine(
      (signal) =>
        new Promise((resolve, reject) => {
          runs.push(signal);
          signal.addEventListener('abort', () => reject(new Error('Request aborted')));
          setTimeout(() => resolve('answer'), 5);
        }),
    );
    const { result } = renderHook(() => useActorRef(logic), { wrapper: StrictMode });
    await new Promise((r) => setTimeout(r, 20));
    expect(runs.length).toBe(2);
    expect(runs[0]?.aborted).toBe(true);
    expect(result.current.getSnapshot().value).toBe('done');
  });
});
