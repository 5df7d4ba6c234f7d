import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { recordToasts, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { Instance } from '../../../api/schemas/instances';
import { mainLine } from '../../../demo/qa/flowModels/botDelete.flowModel';
import { instanceWatchModel } from '../../../demo/qa/flowModels/instanceWatch.flowModel';
import type { ToastInput } from '../toasts/toasts.machine';
import {
  type InstanceWatchEvent,
  instanceWatchMachine,
  WATCH_LIST_ONLY_MS,
  watchMessages,
  wentOffline,
} from './instanceWatch.machine';

type Snap = SnapshotFrom<typeof instanceWatchMachine>;
const failure = new ApiError({ kind: 'network', endpoint: 'GET /instances', message: 'Network error' });
const offlineLine = { ...mainLine, status: 0 } as Instance;

let toasts: ToastInput[] = [];
beforeEach(() => {
  toasts = [];
});
afterEach(() => stopStandIns());

/**
 * The watch with a stand-in list and connection: the test says what the list answers and what the app's live
 * connection tells (as its listener passes it on).
 */
function start(lists: Array<Instance[] | Error> = [[mainLine]]) {
  const clock = new SimulatedClock();
  const answers = [...lists];
  const list = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return next ?? [];
  });
  const listeners: Array<{ send: (e: InstanceWatchEvent) => void; stopped: boolean }> = [];
  const app = recordToasts((t) => toasts.push(t), clock);
  const actor = app.run(
    instanceWatchMachine.provide({
      actors: {
        listInstances: fromPromise(() => list()) as never,
        liveListener: fromCallback(({ sendBack }) => {
          const listener = { send: sendBack, stopped: false };
          listeners.push(listener);
          return () => {
            listener.stopped = true;
          };
        }) as never,
      },
    }),
  );
  const changes: string[] = [];
  // Its first list answers after a tick: listening now hears every change.
  actor.on('instances.changed', (e) => changes.push(e.type));
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const connection = () => listeners.at(-1) as (typeof listeners)[number];
  const stop = () => app.stop(actor);
  return {
    actor,
    clock,
    list,
    listeners,
    connection,
    changes,
    settle,
    stop,
    snap: () => actor.getSnapshot(),
  };
}

const offlineToast = (name: string): ToastInput => ({
  variant: 'warning',
  title: watchMessages.offlineTitle,
  description: watchMessages.offline(name),
  duration: 0,
});

describe('the instance watch', () => {
  it('raises a toast when an online number goes offline, and tells listeners of every change', async () => {
    const { connection, changes, settle, snap } = start();
    await settle();
    expect(snap().value).toEqual({ watching: 'following' });
    connection().send({ type: 'live.instance', instance: { id: mainLine.id, status: 0 } });
    expect(toasts).toEqual([offlineToast(mainLine.instanceName)]);
    expect(changes).toEqual(['instances.changed']);
    // Reported again as it is: nothing new to say.
    connection().send({ type: 'live.instance', instance: { id: mainLine.id, status: 0 } });
    expect(toasts).toHaveLength(1);
    expect(changes).toHaveLength(1);
    // Back online: the card changes, without a toast.
    connection().send({ type: 'live.instance', instance: { id: mainLine.id, status: 1 } });
    expect(toasts).toHaveLength(1);
    expect(changes).toHaveLength(2);
  });

  it('does not call a number it first hears of offline "gone offline", and names one the list did not have', async () => {
    const { connection, changes, settle, snap } = start([[]]);
    await settle();
    connection().send({ type: 'live.instance', instance: { id: 'new', name: 'Night line', status: 0 } });
    expect(toasts).toEqual([]);
    expect(changes).toHaveLength(1);
    connection().send({ type: 'live.instance', instance: { id: 'new', status: 1 } });
    connection().send({ type: 'live.instance', instance: { id: 'new', status: 0 } });
    // A report without a name keeps the one already known.
    expect(toasts).toEqual([offlineToast('Night line')]);
    expect(snap().context.instances.new).toEqual({ name: 'Night line', online: false });
  });

  it('listens to the connection even when the list cannot be read, and opens no stream of its own', async () => {
    const { listeners, settle, snap } = start([failure]);
    await settle();
    expect(snap().value).toEqual({ watching: 'following' });
    expect(listeners).toHaveLength(1);
    expect(Object.keys(snap().children)).toEqual(['listener']);
  });

  it('checks the list when the connection says the stream may have missed something, and toasts what went offline', async () => {
    const { list, connection, settle, snap } = start([[mainLine], [offlineLine]]);
    await settle();
    expect(list).toHaveBeenCalledTimes(1);
    connection().send({ type: 'live.status', status: 'down', retryInMs: 5_000 });
    expect(list).toHaveBeenCalledTimes(1);
    connection().send({ type: 'live.catchUp' });
    expect(list).toHaveBeenCalledTimes(2);
    await settle();
    expect(toasts).toEqual([offlineToast(mainLine.instanceName)]);
    expect(snap().value).toEqual({ watching: 'following' });
  });

  it('waits for the next catch-up when the list fails, still hearing the connection meanwhile', async () => {
    const { list, connection, settle, snap, listeners } = start([[mainLine], failure, [mainLine]]);
    await settle();
    connection().send({ type: 'live.catchUp' });
    await settle();
    expect(list).toHaveBeenCalledTimes(2);
    expect(snap().value).toEqual({ watching: 'following' });
    connection().send({ type: 'live.instance', instance: { id: mainLine.id, status: 0 } });
    expect(toasts).toEqual([offlineToast(mainLine.instanceName)]);
    // The same listener all along.
    expect(listeners).toHaveLength(1);
  });

  it('against a server without the stream, checks the list every 30 s', async () => {
    const { clock, list, connection, settle, snap } = start([[mainLine], [offlineLine]]);
    await settle();
    connection().send({ type: 'live.status', status: 'unavailable' });
    expect(snap().hasTag('listOnly')).toBe(true);
    clock.increment(WATCH_LIST_ONLY_MS - 1);
    expect(list).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(list).toHaveBeenCalledTimes(2);
    await settle();
    expect(toasts).toEqual([offlineToast(mainLine.instanceName)]);
    clock.increment(WATCH_LIST_ONLY_MS);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('stops listening and ends its timers when it stops', async () => {
    const { stop, clock, list, connection, settle } = start();
    await settle();
    const listener = connection();
    listener.send({ type: 'live.status', status: 'unavailable' });
    stop();
    expect(listener.stopped).toBe(true);
    clock.increment(10 * WATCH_LIST_ONLY_MS);
    expect(list).toHaveBeenCalledTimes(1);
  });
});

describe('the watch rules', () => {
  it('names only numbers that were online and are not now', () => {
    const before = { a: { name: 'A', online: true }, b: { name: 'B', online: false } };
    const after = {
      a: { name: 'A', online: false },
      b: { name: 'B', online: false },
      c: { name: 'C', online: false },
    };
    expect(wentOffline(before, after)).toEqual(['A']);
  });
});

describeStateViews(instanceWatchModel, {
  '*': {
    // What it knows is what the list or the connection last said: never an instance without a name.
    shows: (s: Snap) => {
      for (const instance of Object.values(s.context.instances)) expect(instance.name).not.toBe('');
      if (s.context.instances['instance-new'])
        expect(s.context.instances['instance-new'].name).toBe('New line');
    },
  },
  loading: { runs: { listInstances: () => {} } },
  watching: {
    // Only "unavailable" of the statuses changes anything.
    enabled: ['live.instance', 'live.status'],
    runs: { liveListener: () => {} },
  },
  'watching.following': { enabled: ['live.catchUp'] },
  'watching.checking': { runs: { listInstances: () => {} } },
  // A server without the stream: the list only, on a timer.
  'watching.listOnly': { tags: ['listOnly'] },
  'watching.listOnly.waiting': {},
  'watching.listOnly.checking': { runs: { listInstances: () => {} } },
});
