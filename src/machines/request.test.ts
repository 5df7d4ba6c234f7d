// @vitest-environment jsdom
// React StrictMode needs a document, also under the mutation config (which runs in Node).
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
    // Each run answers when the test says so.
    const runs: Array<{ signal: AbortSignal; answer: (value: string) => void }> = [];
    const logic = machine(
      (signal) =>
        new Promise((resolve, reject) => {
          runs.push({ signal, answer: resolve });
          signal.addEventListener('abort', () => reject(new Error('Request aborted')));
        }),
    );
    const { result } = renderHook(() => useActorRef(logic), { wrapper: StrictMode });
    await settle();
    expect(runs.length).toBe(2);
    expect(runs[0]?.signal.aborted).toBe(true);
    // The stale run's rejection has had its turn: the live actor is still loading, not failed.
    expect(result.current.getSnapshot().value).toBe('loading');
    runs[1]?.answer('answer');
    await settle();
    expect(result.current.getSnapshot().value).toBe('done');
  });
});
