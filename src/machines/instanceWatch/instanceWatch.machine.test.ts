import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { recordToasts, stopRecordingToasts } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import { ApiError } from '../../api/errors';
import type { Instance } from '../../api/schemas/instances';
import { mainLine } from '../botDelete/botDelete.flowModel';
import type { ToastInput } from '../toasts/toasts.machine';
import { instanceWatchModel } from './instanceWatch.flowModel';
import {
  type InstanceWatchEvent,
  instanceWatchMachine,
  pollDelay,
  WATCH_POLL_FIRST_MS,
  WATCH_POLL_MAX_MS,
  WATCH_RECONNECT_MS,
  watchMessages,
  wentOffline,
} from './instanceWatch.machine';

type Snap = SnapshotFrom<typeof instanceWatchMachine>;
const failure = new ApiError({ kind: 'network', endpoint: 'GET /events/stream', message: 'Network error' });
const offlineLine = { ...mainLine, status: 0 } as Instance;

let toasts: ToastInput[] = [];
beforeEach(() => {
  toasts = [];
  recordToasts((t) => toasts.push(t));
});
afterEach(() => stopRecordingToasts());

/** The watch with a stand-in list and stream: the test says what the list answers and what the stream sends. */
function start(lists: Array<Instance[] | Error> = [[mainLine]]) {
  const clock = new SimulatedClock();
  const answers = [...lists];
  const list = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return next ?? [];
  });
  const streams: Array<{ send: (e: InstanceWatchEvent) => void; stopped: boolean }> = [];
  const actor = createActor(
    instanceWatchMachine.provide({
      actors: {
        listInstances: fromPromise(() => list()) as never,
        watchStream: fromCallback(({ sendBack }) => {
          const stream = { send: sendBack, stopped: false };
          streams.push(stream);
          return () => {
            stream.stopped = true;
          };
        }) as never,
      },
    }),
    { clock },
  );
  const changes: string[] = [];
  actor.on('instances.changed', (e) => changes.push(e.type));
  actor.start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const stream = () => streams.at(-1) as (typeof streams)[number];
  return { actor, clock, list, streams, stream, changes, settle, snap: () => actor.getSnapshot() };
}

const offlineToast = (name: string): ToastInput => ({
  variant: 'warning',
  title: watchMessages.offlineTitle,
  description: watchMessages.offline(name),
  duration: 0,
});

describe('the instance watch', () => {
  it('raises a toast when an online number goes offline, and tells listeners of every change', async () => {
    const { stream, changes, settle, snap } = start();
    await settle();
    expect(snap().value).toBe('streaming');
    stream().send({ type: 'live.instance', instance: { id: mainLine.id, status: 0 } });
    expect(toasts).toEqual([offlineToast(mainLine.instanceName)]);
    expect(changes).toEqual(['instances.changed']);
    // Reported again as it is: nothing new to say.
    stream().send({ type: 'live.instance', instance: { id: mainLine.id, status: 0 } });
    expect(toasts).toHaveLength(1);
    expect(changes).toHaveLength(1);
    // Back online: the card changes, without a toast.
    stream().send({ type: 'live.instance', instance: { id: mainLine.id, status: 1 } });
    expect(toasts).toHaveLength(1);
    expect(changes).toHaveLength(2);
  });

  it('does not call a number it first hears of offline "gone offline", and names one the list did not have', async () => {
    const { stream, changes, settle, snap } = start([[]]);
    await settle();
    stream().send({ type: 'live.instance', instance: { id: 'new', name: 'Night line', status: 0 } });
    expect(toasts).toEqual([]);
    expect(changes).toHaveLength(1);
    stream().send({ type: 'live.instance', instance: { id: 'new', status: 1 } });
    stream().send({ type: 'live.instance', instance: { id: 'new', status: 0 } });
    // A report without a name keeps the one already known.
    expect(toasts).toEqual([offlineToast('Night line')]);
    expect(snap().context.instances.new).toEqual({ name: 'Night line', online: false });
  });

  it('starts from the stream even when the list cannot be read', async () => {
    const { streams, settle, snap } = start([failure]);
    await settle();
    expect(snap().value).toBe('streaming');
    expect(streams).toHaveLength(1);
  });

  it('reopens a stream the server ended, after a pause', async () => {
    const { clock, streams, stream, settle, snap } = start();
    await settle();
    stream().send({ type: 'stream.ended' });
    expect(streams[0]?.stopped).toBe(true);
    expect(snap().value).toBe('reconnecting');
    clock.increment(WATCH_RECONNECT_MS - 1);
    expect(streams).toHaveLength(1);
    clock.increment(1);
    expect(snap().value).toBe('streaming');
    expect(streams).toHaveLength(2);
  });

  it('checks the list with a growing wait while the stream fails, and toasts what went offline meanwhile', async () => {
    const { clock, list, streams, stream, settle, snap } = start([[mainLine], failure, [offlineLine]]);
    await settle();
    expect(list).toHaveBeenCalledTimes(1);
    stream().send({ type: 'stream.failed', error: failure });
    expect(snap().value).toBe('waiting');
    clock.increment(WATCH_POLL_FIRST_MS - 1);
    expect(list).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(list).toHaveBeenCalledTimes(2);
    await settle();
    // The list failed too: the next wait is twice as long.
    expect(snap().value).toBe('waiting');
    expect(snap().context.failures).toBe(2);
    clock.increment(2 * WATCH_POLL_FIRST_MS - 1);
    expect(list).toHaveBeenCalledTimes(2);
    clock.increment(1);
    await settle();
    expect(toasts).toEqual([offlineToast(mainLine.instanceName)]);
    // Then the stream again, with a clean slate once it delivers.
    expect(snap().value).toBe('streaming');
    expect(streams).toHaveLength(2);
    stream().send({ type: 'live.instance', instance: { id: mainLine.id, status: 1 } });
    expect(snap().context.failures).toBe(0);
  });

  it('ends its stream and timers when it stops', async () => {
    const { actor, clock, list, stream, settle } = start();
    await settle();
    const open = stream();
    open.send({ type: 'stream.failed', error: failure });
    actor.stop();
    expect(open.stopped).toBe(true);
    clock.increment(WATCH_POLL_MAX_MS);
    expect(list).toHaveBeenCalledTimes(1);
  });
});

describe('the watch rules', () => {
  it('waits 5 s, then twice as long after each failure, at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(pollDelay)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

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
    // What it knows is what the list or the stream last said: never an instance without a name.
    shows: (s: Snap) => {
      for (const instance of Object.values(s.context.instances)) expect(instance.name).not.toBe('');
      if (s.context.instances['instance-new'])
        expect(s.context.instances['instance-new'].name).toBe('New line');
    },
  },
  loading: { runs: { listInstances: () => {} }, shows: (s: Snap) => expect(s.context.failures).toBe(0) },
  streaming: {
    enabled: ['live.instance', 'stream.ended', 'stream.failed'],
    runs: { watchStream: () => {} },
  },
  reconnecting: { shows: (s: Snap) => expect(s.context.failures).toBe(0) },
  waiting: { shows: (s: Snap) => expect(s.context.failures).toBeGreaterThan(0) },
  polling: {
    runs: { listInstances: () => {} },
    shows: (s: Snap) => expect(s.context.failures).toBeGreaterThan(0),
  },
  // A server without the stream: the list only, and nothing counted as a failure.
  listOnly: { tags: ['listOnly'], shows: (s: Snap) => expect(s.context.failures).toBe(0) },
  'listOnly.waiting': {},
  'listOnly.checking': { runs: { listInstances: () => {} } },
});
