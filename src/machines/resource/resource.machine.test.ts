import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, setup } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import { ApiError } from '../../api/errors';
import { resourceModel } from '../../demo/qa/flowModels/resource.flowModel';
import { type ResourceReport, resourceMachine } from './resource.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A list of numbers by page: page 0 is empty; pages above 9 are not worth a call. */
function start(load: (page: number, signal: AbortSignal) => Promise<number[]>) {
  const spy = vi.fn(load);
  const machine = resourceMachine<number[], { page: number }>({
    id: 'numbers',
    load: ({ page }, signal) => spy(page, signal),
    accepts: (next, current) => next.page !== current.page && next.page <= 9,
    isEmpty: (data) => data.length === 0,
  });
  const actor = createActor(machine, { input: { params: { page: 1 } } }).start();
  return { actor, spy };
}

describe('a resource', () => {
  it('loads with its params, then reloads with others, keeping the shown answer meanwhile', async () => {
    const { actor, spy } = start(async (page) => [page, page]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(spy).toHaveBeenLastCalledWith(1, expect.anything());
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual([1, 1]);
    actor.send({ type: 'resource.reload', params: { page: 2 } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual([1, 1]);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ params: { page: 2 }, data: [2, 2], error: null });
  });

  it('cancels the call in flight when reloaded, and refuses params it does not accept', async () => {
    const signals: AbortSignal[] = [];
    const { actor, spy } = start((page, signal) => {
      signals.push(signal);
      return page === 1 ? new Promise(() => {}) : Promise.resolve([page]);
    });
    actor.send({ type: 'resource.reload', params: { page: 3 } });
    expect(signals[0]?.aborted).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.data).toEqual([3]);
    expect(actor.getSnapshot().can({ type: 'resource.reload', params: { page: 3 } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'resource.reload', params: { page: 10 } })).toBe(false);
    // A plain reload is always worth making: the data may have changed.
    expect(actor.getSnapshot().can({ type: 'resource.reload' })).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("fails with the error's message, keeps the last answer, and retries the same call", async () => {
    let fail = false;
    const { actor, spy } = start(async (page) => {
      if (fail) throw new ApiError({ kind: 'network', endpoint: '/numbers', message: 'offline' });
      return [page];
    });
    await settle();
    fail = true;
    actor.send({ type: 'resource.reload' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('offline');
    expect(actor.getSnapshot().context.data).toEqual([1]);
    fail = false;
    actor.send({ type: 'resource.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('ends in empty when the answer has nothing to show', async () => {
    const { actor } = start(async () => []);
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('tells the machine running it of each answer and failure, under its id', async () => {
    const heard: ResourceReport[] = [];
    let fail = false;
    const numbers = resourceMachine<number[]>({
      id: 'numbers',
      load: async () => {
        if (fail) throw new Error('down');
        return [7];
      },
    });
    const screen = setup({
      types: { events: {} as ResourceReport },
      actors: { numbers },
    }).createMachine({
      invoke: { id: 'numbers', src: 'numbers' },
      on: {
        'resource.loaded': { actions: ({ event }) => heard.push(event) },
        'resource.failed': { actions: ({ event }) => heard.push(event) },
      },
    });
    const actor = createActor(screen).start();
    await settle();
    fail = true;
    actor.getSnapshot().children.numbers?.send({ type: 'resource.reload' });
    await settle();
    expect(heard).toEqual([
      { type: 'resource.loaded', id: 'numbers', data: [7] },
      { type: 'resource.failed', id: 'numbers', error: new Error('down') },
    ]);
  });
});

const pages = resourceMachine<number[], { page: number }>({
  id: 'pages',
  load: async ({ page }) => [page],
  accepts: (next, current) => next.page !== current.page,
  isEmpty: (data) => data.length === 0,
});
type Snap = SnapshotFrom<typeof pages>;
const model = resourceModel(pages, {
  params: { page: 1 },
  reloadWith: [{ page: 1 }, { page: 2 }],
  data: [1],
});
const serverError = 'Internal server error';

describeStateViews(model, {
  '*': {
    // Reloading is always possible; with params, only with other ones.
    enabled: ['resource.reload'],
    shows: (s: Snap) => {
      for (const page of [1, 2])
        expect(s.can({ type: 'resource.reload', params: { page } })).toBe(page !== s.context.params.page);
    },
  },
  loading: {
    tags: ['loading'],
    runs: {
      load: (input: { params: { page: number } }, s: Snap) =>
        expect(input).toEqual({ params: s.context.params }),
    },
    shows: (s: Snap) => {
      expect([null, [1]]).toContainEqual(s.context.data);
      expect([null, serverError]).toContain(s.context.error);
    },
  },
  ready: {
    shows: (s: Snap) => expect(s.context).toMatchObject({ data: [1], error: null }),
  },
  empty: { tags: ['empty'] },
  failed: {
    tags: ['failed'],
    enabled: ['resource.retry'],
    shows: (s: Snap) => {
      expect(s.context.error).toBe(serverError);
      expect([null, [1]]).toContainEqual(s.context.data);
    },
  },
});
