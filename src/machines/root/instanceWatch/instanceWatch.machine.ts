import { msg } from '@lingui/core/macro';
import { assign, emit, setup } from 'xstate';
import { listInstances } from '../../../api/instances';
import { INSTANCE_ONLINE, type Instance } from '../../../api/schemas/instances';
import type { LiveInstance } from '../../../api/schemas/live';
import { fromRequest } from '../../request';
import { raiseToast } from '../../system';
import { type LiveNews, liveListener } from '../liveConnection/liveListener';

/** Without a stream on the server (the call is ours, beyond the spec's): the wait between checks of the list. */
export const WATCH_LIST_ONLY_MS = 30_000;

/** What the watch knows of each instance: its name (for the toast) and whether it is online. */
export interface KnownInstance {
  name: string;
  online: boolean;
}

export interface InstanceWatchContext {
  instances: Record<string, KnownInstance>;
}

/** What the app's live connection tells the watch (liveListener). */
export type InstanceWatchEvent = LiveNews;

/** Emitted to whoever listens (the dashboard's instance card) whenever an instance's status changed. */
export interface InstancesChanged {
  type: 'instances.changed';
}

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

export const watchMessages = {
  offlineTitle: msg`WhatsApp number offline`,
  offline: (name: string) =>
    msg`${name} went offline. Customers who write to it get no answer until it is connected again in Bind WhatsApp.`,
};

/** What a read of the list does, then `target`: a toast for what went offline, and listeners hear any change. */
const listRead = <T extends string>(target: T) => [
  {
    guard: 'goesOffline' as const,
    target,
    actions: ['toastOffline' as const, 'remember' as const, 'tellChanged' as const],
  },
  { guard: 'changes' as const, target, actions: ['remember' as const, 'tellChanged' as const] },
  { target, actions: 'remember' as const },
];

/**
 * Watches the signed-in user's WhatsApp numbers wherever the user is: an instance that goes offline raises a
 * toast, and listeners (the dashboard) hear `instances.changed`. It follows the app's live connection (it
 * opens no stream of its own) and checks the list whenever the connection says the stream may have missed
 * something (it was down, or the server ended it); against a server without the stream it checks the list
 * every WATCH_LIST_ONLY_MS. It lives as long as the session's signed-in state: leaving it ends the listening
 * and the timers.
 */
export const instanceWatchMachine = setup({
  types: {
    context: {} as InstanceWatchContext,
    events: {} as InstanceWatchEvent,
    emitted: {} as InstancesChanged,
  },
  actors: {
    listInstances: fromRequest<Instance[], undefined>(({ signal }) => listInstances(signal)),
    liveListener,
  },
  delays: {
    listOnly: WATCH_LIST_ONLY_MS,
  },
  guards: {
    unavailable: ({ event }) => event.type === 'live.status' && event.status === 'unavailable',
    goesOffline: ({ context, event }) => wentOffline(context.instances, reported(context, event)).length > 0,
    changes: ({ context, event }) => changed(context.instances, reported(context, event)),
  },
  actions: {
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
  context: { instances: {} },
  initial: 'loading',
  states: {
    // What is known before the connection says anything: the names, and who is online now.
    loading: {
      invoke: {
        id: 'listInstances',
        src: 'listInstances',
        onDone: { target: 'watching', actions: 'remember' },
        // Without the list the stream still names what it reports.
        onError: 'watching',
      },
    },
    watching: {
      invoke: { id: 'listener', src: 'liveListener' },
      initial: 'following',
      on: {
        'live.instance': [
          { guard: 'goesOffline', actions: ['toastOffline', 'remember', 'tellChanged'] },
          { guard: 'changes', actions: ['remember', 'tellChanged'] },
          { actions: 'remember' },
        ],
        'live.status': { guard: 'unavailable', target: '.listOnly' },
      },
      states: {
        following: {
          on: { 'live.catchUp': 'checking' },
        },
        // The stream may have missed a change: the list says how each number stands now.
        checking: {
          invoke: {
            id: 'listInstances',
            src: 'listInstances',
            onDone: listRead('following'),
            // The connection tells the next catch-up, when the list is asked again.
            onError: 'following',
          },
        },
        // The server has no live stream: the list is checked every WATCH_LIST_ONLY_MS.
        listOnly: {
          tags: ['listOnly'],
          initial: 'waiting',
          states: {
            waiting: { after: { listOnly: 'checking' } },
            checking: {
              invoke: {
                id: 'listInstances',
                src: 'listInstances',
                onDone: listRead('waiting'),
                onError: 'waiting',
              },
            },
          },
        },
      },
    },
  },
});
