import {
  type AnyActorRef,
  assign,
  type EventObject,
  emit,
  enqueueActions,
  fromCallback,
  sendTo,
  setup,
} from 'xstate';
import { streamLiveEvents } from '../../../api/live';
import type { ChatMessage, ChatSession } from '../../../api/schemas/chatSessions';
import type { Handling } from '../../../api/schemas/handling';
import type { LiveEvent, LiveInstance } from '../../../api/schemas/live';
import { notOffered } from '../../errors';

/** A silent connection counts as lost after this long (the server sends a heartbeat every 15 s). */
export const LIVE_SILENCE_MS = 45_000;
/** After a failure, the waits before each new attempt at the stream, the last one repeated. */
export const LIVE_RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000] as const;
/** After the server ended the stream on its own (it may, after a while), the wait before opening it again. */
export const LIVE_RESUME_DELAY_MS = 1_000;

/** The wait before the next attempt after `attempt` failures in a row (1 for the first failure). */
export const retryDelay = (attempt: number) =>
  LIVE_RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), LIVE_RETRY_DELAYS_MS.length) - 1] as number;

/**
 * How the connection stands: `connecting` (no event yet on this stream), `open`, `down` (it failed; the next
 * attempt comes after `retryInMs`) or `unavailable` (the server has no stream: nothing is tried again).
 */
export type LiveStatus =
  | { status: 'connecting' }
  | { status: 'open' }
  | { status: 'down'; retryInMs: number }
  | { status: 'unavailable' };

/** What the connection tells whoever listens (LiveListener): what happened, and how it stands. */
export type LiveNews =
  | { type: 'live.session'; session: ChatSession }
  | { type: 'live.message'; sessionId: string; message: ChatMessage }
  | { type: 'live.instance'; instance: LiveInstance }
  /** Beyond the spec: who handles a conversation now. */
  | { type: 'live.handling'; sessionId: string; handling: Handling }
  | ({ type: 'live.status' } & LiveStatus)
  /**
   * The stream may have missed something: it was down, or the server ended it. A listener that keeps a copy
   * (a list, a conversation) reads it again now; the stream is tried again right after.
   */
  | { type: 'live.catchUp' };

export type LiveConnectionEvent =
  /** A listener that has just come asks how the connection stands: the answer goes to it alone. */
  | { type: 'live.ask'; replyTo: AnyActorRef }
  | { type: 'stream.event'; event: LiveEvent }
  | { type: 'stream.malformed'; count: number }
  | { type: 'stream.ended' }
  | { type: 'stream.failed'; error: unknown };

export interface LiveConnectionContext {
  /** Failures in a row (0 while the stream works). */
  attempt: number;
  /** Events skipped because they could not be read, since the start. */
  malformed: number;
}

/** How the connection stands, as news: a wait after `attempt` failures for `down`. */
const statusNews = (status: LiveStatus['status'], attempt: number): LiveNews =>
  status === 'down'
    ? { type: 'live.status', status, retryInMs: retryDelay(attempt) }
    : { type: 'live.status', status };

/** The news of one stream event (a heartbeat says only that the line is alive). */
function newsOf(event: LiveEvent): LiveNews | null {
  if (event.type === 'session') return { type: 'live.session', session: event.session };
  if (event.type === 'message') {
    return { type: 'live.message', sessionId: event.sessionId, message: event.message };
  }
  if (event.type === 'instance') return { type: 'live.instance', instance: event.instance };
  if (event.type === 'handling') {
    return { type: 'live.handling', sessionId: event.sessionId, handling: event.handling };
  }
  return null;
}

/**
 * The signed-in user's one live connection (GET /events/stream), for the whole session: the session runs it
 * under SYSTEM_IDS.live, and the screens and watches that want live news listen to it (LiveListener) rather
 * than open streams of their own. It detects a silent line by its missing heartbeat, reopens a stream the
 * server ended, and after a failure tries again with growing waits, telling its listeners to catch up before
 * each attempt. A server without the stream (404, 405, 501: the call is beyond the spec's) is not asked again.
 */
export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionContext,
    events: {} as LiveConnectionEvent,
    emitted: {} as LiveNews,
  },
  actors: {
    /** Reads the stream, telling the machine each event and how it ended; stopping it closes the request. */
    liveStream: fromCallback<EventObject>(({ sendBack }) => {
      const controller = new AbortController();
      streamLiveEvents({
        onEvent: (event) => sendBack({ type: 'stream.event', event }),
        onMalformed: (count) => sendBack({ type: 'stream.malformed', count }),
        signal: controller.signal,
      }).then(
        () => sendBack({ type: 'stream.ended' }),
        (error: unknown) => {
          // Closed on purpose: the machine has moved on and hears nothing more.
          if (!controller.signal.aborted) sendBack({ type: 'stream.failed', error });
        },
      );
      return () => controller.abort();
    }),
  },
  delays: {
    silence: LIVE_SILENCE_MS,
    retry: ({ context }) => retryDelay(context.attempt),
    resume: LIVE_RESUME_DELAY_MS,
  },
  guards: { notOffered },
  actions: {
    countMalformed: assign({
      malformed: ({ context, event }) =>
        event.type === 'stream.malformed' ? event.count : context.malformed,
    }),
    recovered: assign({ attempt: 0 }),
    failed: assign({ attempt: ({ context }) => context.attempt + 1 }),
    logFailure: (_, params: { error: unknown }) => {
      console.warn('Live updates: the event stream failed; trying again', params.error);
    },
    tellEvent: enqueueActions(({ event, enqueue }) => {
      const news = event.type === 'stream.event' ? newsOf(event.event) : null;
      if (news) enqueue.emit(news);
    }),
    tellConnecting: emit({ type: 'live.status', status: 'connecting' }),
    tellOpen: emit({ type: 'live.status', status: 'open' }),
    tellDown: emit(({ context }) => statusNews('down', context.attempt)),
    tellUnavailable: emit({ type: 'live.status', status: 'unavailable' }),
    /** How it stands, to the listener that asked. */
    answer: sendTo(
      ({ event }) => (event as { replyTo: AnyActorRef }).replyTo,
      ({ context }, params: { status: LiveStatus['status'] }) => statusNews(params.status, context.attempt),
    ),
    tellCatchUp: emit({ type: 'live.catchUp' }),
  },
}).createMachine({
  id: 'liveConnection',
  context: { attempt: 0, malformed: 0 },
  initial: 'streaming',
  on: {
    'stream.malformed': { actions: 'countMalformed' },
  },
  states: {
    streaming: {
      invoke: {
        id: 'stream',
        src: 'liveStream',
        onError: {
          target: 'down',
          actions: ['failed', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
      initial: 'connecting',
      states: {
        /** Waiting for the first event (the server's heartbeat comes at once). */
        connecting: {
          tags: ['connecting'],
          entry: 'tellConnecting',
          after: { silence: { target: '#liveConnection.down', actions: 'failed' } },
          on: {
            'live.ask': { actions: { type: 'answer', params: { status: 'connecting' } } },
            'stream.event': { target: 'open', actions: ['recovered', 'tellOpen', 'tellEvent'] },
            'stream.ended': { target: '#liveConnection.down', actions: 'failed' },
          },
        },
        open: {
          tags: ['live'],
          // A heartbeat comes every 15 s: silence this long means the line is gone without saying so.
          after: { silence: { target: '#liveConnection.down', actions: 'failed' } },
          on: {
            'live.ask': { actions: { type: 'answer', params: { status: 'open' } } },
            // Each event restarts the wait for the next.
            'stream.event': { target: 'open', reenter: true, actions: 'tellEvent' },
            'stream.ended': '#liveConnection.resuming',
          },
        },
      },
      on: {
        'stream.failed': [
          { guard: 'notOffered', target: 'unavailable' },
          {
            target: 'down',
            actions: ['failed', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    /** The server ended a working stream: a moment, then the listeners catch up and a new stream opens. */
    resuming: {
      tags: ['connecting'],
      entry: 'tellConnecting',
      after: { resume: { target: 'streaming', actions: 'tellCatchUp' } },
      on: { 'live.ask': { actions: { type: 'answer', params: { status: 'connecting' } } } },
    },
    /** The stream failed: after a wait that grows with each failure, listeners catch up and it is tried again. */
    down: {
      tags: ['down'],
      entry: 'tellDown',
      after: { retry: { target: 'streaming', actions: 'tellCatchUp' } },
      on: { 'live.ask': { actions: { type: 'answer', params: { status: 'down' } } } },
    },
    /** The server has no live stream: listeners check now and then on their own; nothing is tried again. */
    unavailable: {
      tags: ['unavailable'],
      entry: 'tellUnavailable',
      on: { 'live.ask': { actions: { type: 'answer', params: { status: 'unavailable' } } } },
    },
  },
});
