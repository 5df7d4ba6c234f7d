import { assign, setup } from 'xstate';
import { getWaitingCount } from '../../../api/handling';
import { notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { type LiveNews, liveListener } from '../liveConnection/liveListener';
import { alertHandoff } from './alerts';

/** Without a live stream: the wait between reads of the count. */
export const WAITING_POLL_MS = 30_000;

export interface WaitingCountContext {
  /** Conversations waiting for a person, as last read (null: not read yet). */
  count: number | null;
}

/**
 * How many conversations wait for a person, wherever the user is (the sidebar and the document title show
 * it). Beyond the spec: it reads the count at start and again whenever the live connection tells a change of
 * handler or may have missed one; without the stream it reads it every WAITING_POLL_MS. A server without the
 * call (404, 405, 501) leaves it `notOffered`, asking nothing more; any other failure keeps the last count.
 * A conversation that starts waiting raises the user's alerts on this device (alerts.ts).
 */
export const waitingCountMachine = setup({
  types: { context: {} as WaitingCountContext, events: {} as LiveNews },
  actors: {
    getWaitingCount: fromRequest<{ count: number }, undefined>(({ signal }) => getWaitingCount(signal)),
    liveListener,
  },
  delays: { poll: WAITING_POLL_MS },
  guards: {
    notOffered,
    unavailable: ({ event }) => event.type === 'live.status' && event.status === 'unavailable',
  },
  actions: {
    /** A conversation starts waiting for a person: the user's alerts on this device, as they chose them. */
    alert: ({ event }) => {
      if (event.type === 'live.handling' && event.handling.by === 'waiting') {
        alertHandoff(event.sessionId, event.handling.reason);
      }
    },
    setCount: assign({
      count: ({ event }) => (event as unknown as { output: { count: number } }).output.count,
    }),
  },
}).createMachine({
  id: 'waitingCount',
  context: { count: null },
  initial: 'counting',
  states: {
    counting: {
      invoke: { id: 'listener', src: 'liveListener' },
      initial: 'reading',
      on: {
        // A change read again from the start: a read in flight may predate it. (A transition from the parent to
        // its child leaves and enters the child again, the read in flight cancelled.)
        'live.handling': { target: '.reading', actions: 'alert' },
        'live.catchUp': { target: '.reading' },
        'live.status': { guard: 'unavailable', target: '.polling' },
      },
      states: {
        reading: {
          tags: ['reading'],
          invoke: {
            id: 'getWaitingCount',
            src: 'getWaitingCount',
            onDone: { target: 'following', actions: 'setCount' },
            onError: [{ guard: 'notOffered', target: '#waitingCount.notOffered' }, { target: 'following' }],
          },
        },
        following: {},
        // No stream on this server: the count is read again now and then.
        polling: {
          initial: 'reading',
          states: {
            waiting: { after: { poll: 'reading' } },
            reading: {
              tags: ['reading'],
              invoke: {
                id: 'getWaitingCount',
                src: 'getWaitingCount',
                onDone: { target: 'waiting', actions: 'setCount' },
                onError: [{ guard: 'notOffered', target: '#waitingCount.notOffered' }, { target: 'waiting' }],
              },
            },
          },
        },
      },
    },
    notOffered: { tags: ['notOffered'] },
  },
});
