import { msg } from '@lingui/core/macro';
import { assign, emit, fromCallback, setup } from 'xstate';
import { listInstances } from '../../api/instances';
import { streamLiveEvents } from '../../api/live';
import { INSTANCE_ONLINE, type Instance } from '../../api/schemas/instances';
import type { LiveInstance } from '../../api/schemas/live';
import { notOffered } from '../errors';
import { fromRequest } from '../request';
import { raiseToast } from '../system';

/** First wait before checking the list again after the live stream failed; it doubles up to the cap. */
export const WATCH_POLL_FIRST_MS = 5_000;
export const WATCH_POLL_MAX_MS = 60_000;
/** Pause before reopening a stream the server ended on its own (a normal close, not a failure). */
export const WATCH_RECONNECT_MS = 1_000;
/** Without a stream on the server (the call is ours, beyond the spec's): the wait between checks of the list. */
export const WATCH_LIST_ONLY_MS = 30_000;

/** What the watch knows of each instance: its name (for the toast) and whether it is online. */
export interface KnownInstance {
  name: string;
  online: boolean;
}

export interface InstanceWatchContext {
  instances: Record<string, KnownInstance>;
  /** Failed attempts in a row (stream or list): the backoff grows with them. */
  failures: number;
}

export type InstanceWatchEvent =
  | { type: 'live.instance'; instance: LiveInstance }
  | { type: 'stream.ended' }
  | { type: 'stream.failed'; error: unknown };

/** Emitted to whoever listens (the dashboard's instance card) whenever an instance's status changed. */
export interface InstancesChanged {
  type: 'instances.changed';
}

export const pollDelay = (failures: number) =>
  Math.min(WATCH_POLL_FIRST_MS * 2 ** Math.max(0, failures - 1), WATCH_POLL_MAX_MS);

const known = (list: Instance[]): Record<string, KnownInstance> =>
  Object.fromEntries(list.map((i) => [i.id, { name: i.instanceName, online: i.status === INSTANCE_ONLINE }]));

/** The instances that were online and are not any more, by name. */
export function wentOffline(
  before: Record<string, KnownInstance>,
  after: Record<string, KnownInstance>,
): string[] {
  return Object.entries(after)
    .filter(([id, now]) => !now.online && before[id]?.online === true)
    .map(([, now]) => now.name);
}

/** Whether any of the reported instances is new or changed status. */
const changed = (before: Record<string, KnownInstance>, now: Record<string, KnownInstance>) =>
  Object.entries(now).some(([id, instance]) => before[id]?.online !== instance.online);

/** One live report as what the watch knows: a report without a name keeps the name already known. */
function fromLive(context: InstanceWatchContext, instance: LiveInstance): KnownInstance {
  return {
    name: instance.name ?? context.instances[instance.id]?.name ?? instance.id,
    online: instance.status === INSTANCE_ONLINE,
  };
}

/** What an event reports of the instances: one from the stream, or all of them from the list. */
function reported(context: InstanceWatchContext, event: { type: string }): Record<string, KnownInstance> {
  if (event.type === 'live.instance') {
    const { instance } = event as { type: string; instance: LiveInstance };
    return { [instance.id]: fromLive(context, instance) };
  }
  const { output } = event as { output?: Instance[] };
  return output ? known(output) : {};
}

/** The instance events of the signed-in user's live stream; the other events are for other screens. */
const watchStream = fromCallback<{ type: 'none' }>(({ sendBack }) => {
  const controller = new AbortController();
  streamLiveEvents({
    signal: controller.signal,
    onEvent: (event) => {
      if (event.type === 'instance') sendBack({ type: 'live.instance', instance: event.instance });
    },
  }).then(
    () => !controller.signal.aborted && sendBack({ type: 'stream.ended' }),
    (error: unknown) => !controller.signal.aborted && sendBack({ type: 'stream.failed', error }),
  );
  return () => controller.abort();
});

export const watchMessages = {
  offlineTitle: msg`WhatsApp number offline`,
  offline: (name: string) =>
    msg`${name} went offline. Customers who write to it get no answer until it is connected again in Bind WhatsApp.`,
};

/**
 * Watches the signed-in user's WhatsApp numbers wherever the user is: an instance that goes offline raises a
 * toast, and listeners (the dashboard) hear `instances.changed`. It follows the live event stream; when the
 * stream fails it checks the list instead, waiting longer after each failure, then tries the stream again.
 * It lives as long as the session's signed-in state: leaving it ends the stream and the timers.
 */
export const instanceWatchMachine = setup({
  types: {
    context: {} as InstanceWatchContext,
    events: {} as InstanceWatchEvent,
  },
  actors: {
    listInstances: fromRequest<Instance[], undefined>(({ signal }) => listInstances(signal)),
    watchStream,
  },
  delays: {
    backoff: ({ context }) => pollDelay(context.failures),
    reconnect: WATCH_RECONNECT_MS,
    listOnly: WATCH_LIST_ONLY_MS,
  },
  guards: {
    notOffered,
    goesOffline: ({ context, event }) => wentOffline(context.instances, reported(context, event)).length > 0,
    changes: ({ context, event }) => changed(context.instances, reported(context, event)),
  },
  actions: {
    resetFailures: assign({ failures: 0 }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    remember: assign(({ context, event }) => ({
      instances: { ...context.instances, ...reported(context, event) },
    })),
    tellChanged: emit({ type: 'instances.changed' }),
    toastOffline: raiseToast(({ context, event }) => ({
      variant: 'warning',
      title: watchMessages.offlineTitle,
      description: watchMessages.offline(wentOffline(context.instances, reported(context, event)).join(', ')),
      // It stays until read: the user may be away from the screen when it happens.
      duration: 0,
    })),
  },
}).createMachine({
  id: 'instanceWatch',
  context: { instances: {}, failures: 0 },
  initial: 'loading',
  states: {
    // What is known before the stream says anything: the names, and who is online now.
    loading: {
      invoke: {
        id: 'listInstances',
        src: 'listInstances',
        onDone: { target: 'streaming', actions: 'remember' },
        // Without the list the stream still names what it reports.
        onError: 'streaming',
      },
    },
    streaming: {
      invoke: { id: 'watchStream', src: 'watchStream' },
      on: {
        'live.instance': [
          { guard: 'goesOffline', actions: ['resetFailures', 'toastOffline', 'remember', 'tellChanged'] },
          { guard: 'changes', actions: ['resetFailures', 'remember', 'tellChanged'] },
          { actions: ['resetFailures', 'remember'] },
        ],
        'stream.ended': { target: 'reconnecting', actions: 'resetFailures' },
        'stream.failed': [
          { guard: 'notOffered', target: 'listOnly', actions: 'resetFailures' },
          { target: 'waiting', actions: 'countFailure' },
        ],
      },
    },
    // The server closed the stream as streams get closed (a deploy, a proxy's limit): open it again.
    reconnecting: {
      after: { reconnect: 'streaming' },
    },
    // The stream failed: check the list after the backoff, then try the stream again.
    waiting: {
      after: { backoff: 'polling' },
    },
    polling: {
      invoke: {
        id: 'listInstances',
        src: 'listInstances',
        onDone: [
          { guard: 'goesOffline', target: 'streaming', actions: ['toastOffline', 'remember', 'tellChanged'] },
          { guard: 'changes', target: 'streaming', actions: ['remember', 'tellChanged'] },
          { target: 'streaming', actions: 'remember' },
        ],
        onError: { target: 'waiting', actions: 'countFailure' },
      },
    },
    // The server has no live stream: the list is checked every WATCH_LIST_ONLY_MS, and the stream never again.
    listOnly: {
      tags: ['listOnly'],
      initial: 'waiting',
      states: {
        waiting: { after: { listOnly: 'checking' } },
        checking: {
          invoke: {
            id: 'listInstances',
            src: 'listInstances',
            onDone: [
              {
                guard: 'goesOffline',
                target: 'waiting',
                actions: ['toastOffline', 'remember', 'tellChanged'],
              },
              { guard: 'changes', target: 'waiting', actions: ['remember', 'tellChanged'] },
              { target: 'waiting', actions: 'remember' },
            ],
            onError: 'waiting',
          },
        },
      },
    },
  },
});
