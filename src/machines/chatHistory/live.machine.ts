import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, type EventObject, fromCallback, setup } from 'xstate';
import { getSessionMessages, searchSessions } from '../../api/chatSessions';
import { streamLiveEvents } from '../../api/live';
import { type ChatMessage, type ChatSession, SessionFilter } from '../../api/schemas/chatSessions';
import type { LiveEvent, LiveInstance } from '../../api/schemas/live';
import { notOffered } from '../errors';
import { fromRequest } from '../request';
import { tellParent } from '../system';

/** A silent connection counts as lost after this long (the server sends a heartbeat every 15 s). */
export const LIVE_SILENCE_MS = 45_000;
/** After a failure, the waits before each poll (and new attempt at the stream), the last one repeated. */
export const LIVE_RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000] as const;
/** Without a stream on the server (the call is ours, beyond the spec's): the wait between polls. */
export const LIVE_POLL_ONLY_MS = 30_000;
/** After the server ended the stream on its own (it may, after a while), the wait before catching up. */
export const LIVE_RESUME_DELAY_MS = 1_000;

/** What a poll reads: today's conversations, and the messages of the one open. */
const pollInput = ({ context }: { context: LiveContext }) => ({ watched: context.watched });

/** The wait before the poll after `attempt` failures in a row (1 for the first failure). */
export const retryDelay = (attempt: number) =>
  LIVE_RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), LIVE_RETRY_DELAYS_MS.length) - 1] as number;

/** What the live machine tells the chat history (its parent). */
export type LiveParentEvent =
  | { type: 'live.session'; session: ChatSession }
  | { type: 'live.message'; sessionId: string; message: ChatMessage }
  | { type: 'live.instance'; instance: LiveInstance };

export interface LiveInput {
  /** The open conversation, whose messages a poll reads too. */
  watched?: string | null;
}

export interface LiveContext {
  watched: string | null;
  /** Failures in a row (0 while the stream works). */
  attempt: number;
  /** Events skipped because they could not be read, since the start. */
  malformed: number;
  /** The quiet notice while the stream is down, null while it works. */
  notice: MessageDescriptor | null;
}

export interface LivePollResult {
  sessions: ChatSession[];
  messages: ChatMessage[] | null;
}

export type LiveEventIn =
  /** From the chat history: the open conversation changed (null: none open). */
  | { type: 'live.watched'; sessionId: string | null }
  /** From the stream. */
  | { type: 'stream.event'; event: LiveEvent }
  | { type: 'stream.malformed'; count: number }
  | { type: 'stream.ended' }
  | { type: 'stream.failed'; error: unknown };

export const liveMessages = {
  /** Said quietly (a status line), as the list and the conversation still work. */
  interrupted: (seconds: number) =>
    msg`Live updates are interrupted. Checking for new messages every ${seconds} seconds.`,
  /** A server without live updates: nothing is wrong, the screen checks now and then. */
  pollingOnly: (seconds: number) => msg`Checking for new messages every ${seconds} seconds.`,
};

/**
 * The chat history's live updates (issue 17): holds the app's event stream while the screen is open, tells
 * the chat history each new conversation and message (and instance status) as it comes, and detects a
 * silent connection by its missing heartbeat. When the stream fails it says so quietly and falls back to
 * polling (the session search of today and the open conversation's messages) with growing waits, trying the
 * stream again after each poll; the first event on a new stream ends the notice. A stream the server ends on
 * its own is caught up with one poll and reopened. Stopping the machine (leaving the screen) closes the
 * stream and ends every timer.
 */
export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveEventIn,
    input: {} as LiveInput | undefined,
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
    /** What the stream would have told: today's conversations and the open conversation's messages. */
    poll: fromRequest<LivePollResult, { watched: string | null }>(async ({ input, signal }) => {
      const [sessions, messages] = await Promise.all([
        searchSessions({ filter: SessionFilter.today }, signal),
        input.watched ? getSessionMessages(input.watched, signal) : Promise.resolve(null),
      ]);
      return { sessions, messages };
    }),
  },
  delays: {
    silence: LIVE_SILENCE_MS,
    retry: ({ context }) => retryDelay(context.attempt),
    resume: LIVE_RESUME_DELAY_MS,
    pollOnly: LIVE_POLL_ONLY_MS,
  },
  guards: { notOffered },
  actions: {
    setWatched: assign({
      watched: ({ context, event }) => (event.type === 'live.watched' ? event.sessionId : context.watched),
    }),
    countMalformed: assign({
      malformed: ({ context, event }) =>
        event.type === 'stream.malformed' ? event.count : context.malformed,
    }),
    /** The stream works: failures are forgotten and the notice goes. */
    recovered: assign({ attempt: 0, notice: null }),
    failed: assign(({ context }) => {
      const attempt = context.attempt + 1;
      return { attempt, notice: liveMessages.interrupted(retryDelay(attempt) / 1000) };
    }),
    logFailure: (_, params: { error: unknown }) => {
      console.warn('Live updates: the event stream failed; polling instead', params.error);
    },
    /** Tells the chat history what the stream said (a heartbeat says only that the line is alive). */
    tellEvent: tellParent(({ event }): LiveParentEvent[] => {
      if (event.type !== 'stream.event') return [];
      const e = event.event;
      if (e.type === 'session') return [{ type: 'live.session', session: e.session }];
      if (e.type === 'message') return [{ type: 'live.message', sessionId: e.sessionId, message: e.message }];
      if (e.type === 'instance') return [{ type: 'live.instance', instance: e.instance }];
      return [];
    }),
    /**
     * Tells the chat history what a poll found (the done event of a poll); it keeps what it has and adds only
     * what is new.
     */
    tellPolled: tellParent(({ context, event }): LiveParentEvent[] => {
      const result = (event as unknown as { output: LivePollResult }).output;
      const { watched } = context;
      return [
        ...result.sessions.map((session) => ({ type: 'live.session' as const, session })),
        ...(watched
          ? (result.messages ?? []).map((message) => ({
              type: 'live.message' as const,
              sessionId: watched,
              message,
            }))
          : []),
      ];
    }),
  },
}).createMachine({
  id: 'live',
  context: ({ input }) => ({ watched: input?.watched ?? null, attempt: 0, malformed: 0, notice: null }),
  initial: 'streaming',
  on: {
    'live.watched': { actions: 'setWatched' },
    'stream.malformed': { actions: 'countMalformed' },
  },
  states: {
    streaming: {
      invoke: {
        id: 'stream',
        src: 'liveStream',
        onError: {
          target: 'polling',
          actions: ['failed', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
      initial: 'connecting',
      states: {
        /** Waiting for the first event (the server's heartbeat comes at once). */
        connecting: {
          tags: ['connecting'],
          after: { silence: { target: '#live.polling', actions: 'failed' } },
          on: {
            'stream.event': { target: 'open', actions: ['recovered', 'tellEvent'] },
            'stream.ended': { target: '#live.polling', actions: 'failed' },
          },
        },
        open: {
          tags: ['live'],
          // A heartbeat comes every 15 s: silence this long means the line is gone without saying so.
          after: { silence: { target: '#live.polling', actions: 'failed' } },
          on: {
            // Each event restarts the wait for the next.
            'stream.event': { target: 'open', reenter: true, actions: 'tellEvent' },
            'stream.ended': '#live.resuming',
          },
        },
      },
      on: {
        'stream.failed': [
          { guard: 'notOffered', target: 'pollingOnly' },
          {
            target: 'polling',
            actions: ['failed', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    /** The server ended a working stream: a moment, one poll for what may have been missed, a new stream. */
    resuming: {
      initial: 'waiting',
      states: {
        waiting: { after: { resume: 'checking' } },
        checking: {
          invoke: {
            id: 'catchUp',
            src: 'poll',
            input: pollInput,
            onDone: { target: '#live.streaming', actions: 'tellPolled' },
            onError: { target: '#live.polling', actions: 'failed' },
          },
        },
      },
    },
    /** The stream failed: a quiet notice, then a poll after each wait, and a new try at the stream. */
    polling: {
      tags: ['degraded'],
      initial: 'waiting',
      states: {
        waiting: { after: { retry: 'checking' } },
        checking: {
          tags: ['polling'],
          invoke: {
            id: 'poll',
            src: 'poll',
            input: pollInput,
            onDone: { target: '#live.streaming', actions: 'tellPolled' },
            onError: { target: 'waiting', actions: 'failed' },
          },
        },
      },
    },
    /**
     * The server has no live stream: no failure to report and no stream to try again, only a poll every
     * LIVE_POLL_ONLY_MS, said once in the quiet line.
     */
    pollingOnly: {
      tags: ['pollingOnly'],
      entry: assign({ attempt: 0, notice: liveMessages.pollingOnly(LIVE_POLL_ONLY_MS / 1000) }),
      initial: 'waiting',
      states: {
        waiting: { after: { pollOnly: 'checking' } },
        checking: {
          tags: ['polling'],
          invoke: {
            id: 'poll',
            src: 'poll',
            input: pollInput,
            onDone: { target: 'waiting', actions: 'tellPolled' },
            // The list shows its own failures; this only asks again after the next wait.
            onError: 'waiting',
          },
        },
      },
    },
  },
});
