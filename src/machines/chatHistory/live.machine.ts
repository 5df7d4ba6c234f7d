import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, raise, setup } from 'xstate';
import { getSessionMessages, searchSessions } from '../../api/chatSessions';
import { type ChatMessage, type ChatSession, SessionFilter } from '../../api/schemas/chatSessions';
import type { Handling } from '../../api/schemas/handling';
import { fromRequest } from '../request';
import { type LiveNews, liveListener } from '../root/liveConnection/liveListener';
import { tellParent } from '../system';

/** Without a stream on the server (the call is ours, beyond the spec's): the wait between polls. */
export const LIVE_POLL_ONLY_MS = 30_000;

/** What a poll reads: today's conversations, and the messages of the one open. */
const pollInput = ({ context }: { context: LiveContext }) => ({ watched: context.watched });

/** What the live machine tells the chat history (its parent). */
export type LiveParentEvent =
  | { type: 'live.session'; session: ChatSession }
  | { type: 'live.message'; sessionId: string; message: ChatMessage }
  | { type: 'live.handling'; sessionId: string; handling: Handling };

export interface LiveInput {
  /** The open conversation, whose messages a poll reads too. */
  watched?: string | null;
}

export interface LiveContext {
  watched: string | null;
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
  /** From the app's live connection (liveListener). */
  | LiveNews;

export const liveMessages = {
  /** Said quietly (a status line), as the list and the conversation still work. */
  interrupted: (seconds: number) =>
    msg`Live updates are interrupted. Checking for new messages every ${seconds} seconds.`,
  /** A server without live updates: nothing is wrong, the screen checks now and then. */
  pollingOnly: (seconds: number) => msg`Checking for new messages every ${seconds} seconds.`,
};

/**
 * The chat history's live updates (issue 17). It listens to the app's one live connection while the screen is
 * open (it opens no stream of its own) and tells the chat history each new conversation and message as it
 * comes. While the connection is down it says so quietly, and each time the connection is about to try again
 * it polls what the stream would have told: today's conversations and the open conversation's messages. A
 * server without the stream gets a poll every LIVE_POLL_ONLY_MS. Stopping the machine (leaving the screen)
 * ends the listening and every timer.
 */
export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveEventIn,
    input: {} as LiveInput | undefined,
  },
  actors: {
    liveListener,
    /** What the stream would have told: today's conversations and the open conversation's messages. */
    poll: fromRequest<LivePollResult, { watched: string | null }>(async ({ input, signal }) => {
      const [sessions, messages] = await Promise.all([
        searchSessions({ filter: SessionFilter.today }, signal),
        input.watched ? getSessionMessages(input.watched, signal) : Promise.resolve(null),
      ]);
      return { sessions, messages };
    }),
  },
  delays: { pollOnly: LIVE_POLL_ONLY_MS },
  guards: {
    isOpen: ({ event }) => event.type === 'live.status' && event.status === 'open',
    isDown: ({ event }) => event.type === 'live.status' && event.status === 'down',
    isUnavailable: ({ event }) => event.type === 'live.status' && event.status === 'unavailable',
  },
  actions: {
    setWatched: assign({
      watched: ({ context, event }) => (event.type === 'live.watched' ? event.sessionId : context.watched),
    }),
    sayNothing: assign({ notice: null }),
    sayInterrupted: assign({
      notice: ({ event }) =>
        liveMessages.interrupted(
          event.type === 'live.status' && event.status === 'down' ? event.retryInMs / 1000 : 0,
        ),
    }),
    sayPollingOnly: assign({ notice: liveMessages.pollingOnly(LIVE_POLL_ONLY_MS / 1000) }),
    /** Passes on a conversation, a message or a change of handler the connection told. */
    tellNews: tellParent(({ event }): LiveParentEvent[] =>
      event.type === 'live.session' || event.type === 'live.message' || event.type === 'live.handling'
        ? [event]
        : [],
    ),
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
  context: ({ input }) => ({ watched: input?.watched ?? null, notice: null }),
  invoke: { id: 'listener', src: 'liveListener' },
  type: 'parallel',
  on: {
    'live.watched': { actions: 'setWatched' },
    'live.session': { actions: 'tellNews' },
    'live.message': { actions: 'tellNews' },
    'live.handling': { actions: 'tellNews' },
  },
  states: {
    /** How the connection stands, as it says (and as it stood when the screen opened). */
    connection: {
      initial: 'connecting',
      on: {
        'live.status': [
          { guard: 'isOpen', target: '.open' },
          { guard: 'isDown', target: '.down' },
          { guard: 'isUnavailable', target: '.unavailable' },
          { target: '.connecting' },
        ],
      },
      states: {
        connecting: { tags: ['connecting'] },
        open: { tags: ['live'], entry: 'sayNothing' },
        down: { tags: ['degraded'], entry: 'sayInterrupted' },
        /** The server has no live stream: a poll every LIVE_POLL_ONLY_MS, said once in the quiet line. */
        unavailable: {
          tags: ['pollingOnly'],
          entry: 'sayPollingOnly',
          after: {
            pollOnly: { target: 'unavailable', reenter: true, actions: raise({ type: 'live.catchUp' }) },
          },
        },
      },
    },
    /** A poll when the connection says the stream may have missed something. */
    catchUp: {
      initial: 'idle',
      states: {
        idle: { on: { 'live.catchUp': 'checking' } },
        checking: {
          tags: ['polling'],
          invoke: {
            id: 'poll',
            src: 'poll',
            input: pollInput,
            onDone: { target: 'idle', actions: 'tellPolled' },
            // The list shows its own failures; the next catch-up asks again.
            onError: 'idle',
          },
        },
      },
    },
  },
});
