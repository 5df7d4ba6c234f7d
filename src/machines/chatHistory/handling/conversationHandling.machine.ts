import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { handBackSession, replyInSession, takeOverSession } from '../../../api/handling';
import type { ChatMessage } from '../../../api/schemas/chatSessions';
import type { Handling, PauseMinutes } from '../../../api/schemas/handling';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { tellParent } from '../../system';
import { readDraft, writeDraft } from './drafts';

/** What the handling tells the chat history: the conversation's handler changed, or a reply was stored. */
export type HandlingParentEvent =
  | { type: 'handling.changed'; sessionId: string; handling: Handling }
  | { type: 'reply.sent'; sessionId: string; message: ChatMessage };

export interface ConversationHandlingInput {
  sessionId: string;
  /** As the server told it (none: a server without handling, or one that did not say). */
  handling: Handling | null;
  /** What was typed before; by default the conversation's draft kept on this device. */
  draft?: string;
}

export interface ConversationHandlingContext {
  sessionId: string;
  handling: Handling;
  /** What the person is typing; kept through a failed send and cleared once the reply is stored. */
  draft: string;
  /** Why the last call failed; what was typed stays. */
  error: MessageDescriptor | string | null;
}

export type ConversationHandlingEvent =
  | { type: 'takeOver'; minutes: PauseMinutes }
  | { type: 'handBack' }
  | { type: 'reply.changed'; text: string }
  | { type: 'reply.send' }
  /** The handler as the server now tells it (the live stream, a reload of the list). */
  | { type: 'handling.told'; handling: Handling };

const byPerson = (handling: Handling) => handling.by === 'person';

/** Milliseconds until a person's pause ends (none: until handed back). */
export const pauseLeftMs = (handling: Handling, now: number): number | null =>
  handling.by === 'person' && handling.until !== null ? Math.max(0, Date.parse(handling.until) - now) : null;

/**
 * Who handles the open conversation, and a person's replies in it (the chat history's child while the
 * conversation is open). Beyond the spec: a server that does not offer these calls (404, 405, 501) leaves
 * the conversation as the spec has it, and the controls say so once, quietly (`notOffered`).
 */
/** What typing in the reply box does: the draft changes, and is kept on this device. */
const typing = [
  {
    type: 'setDraft',
    params: ({ event }: { event: { type: string; text?: string } }) => ({ text: event.text ?? '' }),
  },
  'keepDraft',
] as const;

export const conversationHandlingMachine = setup({
  types: {
    context: {} as ConversationHandlingContext,
    events: {} as ConversationHandlingEvent,
    input: {} as ConversationHandlingInput,
  },
  actors: {
    takeOver: fromRequest<Handling, { id: string; minutes: PauseMinutes }>(({ input, signal }) =>
      takeOverSession(input.id, { minutes: input.minutes }, signal),
    ),
    handBack: fromRequest<Handling, { id: string }>(({ input, signal }) => handBackSession(input.id, signal)),
    reply: fromRequest<ChatMessage, { id: string; content: string }>(({ input, signal }) =>
      replyInSession(input.id, { content: input.content }, signal),
    ),
  },
  delays: {
    // The server's end of the pause, read on this device's clock.
    pauseEnds: ({ context }) => pauseLeftMs(context.handling, Date.now()) ?? 0,
  },
  guards: {
    notOffered,
    byPerson: ({ context }) => byPerson(context.handling),
    pauseEnds: ({ context }) => pauseLeftMs(context.handling, Date.now()) !== null,
    toldPerson: ({ event }) => event.type === 'handling.told' && byPerson(event.handling),
    hasText: ({ context }) => context.draft.trim().length > 0,
  },
  actions: {
    setHandling: assign({ handling: (_, params: { handling: Handling }) => params.handling }),
    setDraft: assign({ draft: (_, params: { text: string }) => params.text }),
    clearDraft: assign({ draft: '' }),
    /** Kept on this device: leaving the screen or reloading loses nothing typed. */
    keepDraft: ({ context }) => writeDraft(context.sessionId, context.draft),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    clearError: assign({ error: null }),
    backToBot: assign({ handling: { by: 'bot' } as Handling }),
    tellHandling: tellParent(
      ({ context }): HandlingParentEvent => ({
        type: 'handling.changed',
        sessionId: context.sessionId,
        handling: context.handling,
      }),
    ),
    tellSent: tellParent(
      ({ context }, params: { message: ChatMessage }): HandlingParentEvent => ({
        type: 'reply.sent',
        sessionId: context.sessionId,
        message: params.message,
      }),
    ),
  },
}).createMachine({
  id: 'conversationHandling',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    handling: input.handling ?? { by: 'bot' },
    draft: input.draft ?? readDraft(input.sessionId),
    error: null,
  }),
  initial: 'checking',
  on: { 'reply.changed': { actions: typing } },
  states: {
    checking: { always: [{ guard: 'byPerson', target: 'person' }, { target: 'bot' }] },
    /** The bot answers (or the conversation waits for a person): a person may take it over. */
    bot: {
      tags: ['bot'],
      on: {
        takeOver: 'takingOver',
        'handling.told': {
          target: 'checking',
          actions: { type: 'setHandling', params: ({ event }) => ({ handling: event.handling }) },
        },
      },
    },
    takingOver: {
      tags: ['busy'],
      invoke: {
        id: 'takeOver',
        src: 'takeOver',
        input: ({ context, event }) => ({
          id: context.sessionId,
          minutes: event.type === 'takeOver' ? event.minutes : null,
        }),
        onDone: {
          target: 'person',
          actions: [
            'clearError',
            { type: 'setHandling', params: ({ event }) => ({ handling: event.output }) },
            'tellHandling',
          ],
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          { target: 'bot', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** A person handles it: their replies go out, and the bot resumes when the pause ends or on hand-back. */
    person: {
      tags: ['person'],
      type: 'parallel',
      on: {
        handBack: 'handingBack',
        'handling.told': {
          target: 'bot',
          actions: { type: 'setHandling', params: ({ event }) => ({ handling: event.handling }) },
        },
      },
      states: {
        pause: {
          initial: 'running',
          states: {
            running: {
              after: {
                pauseEnds: {
                  guard: 'pauseEnds',
                  target: '#conversationHandling.bot',
                  actions: ['backToBot', 'tellHandling'],
                },
              },
              on: {
                // Still a person's, perhaps with another end: the pause counts to the new one.
                'handling.told': {
                  guard: 'toldPerson',
                  target: 'running',
                  reenter: true,
                  actions: { type: 'setHandling', params: ({ event }) => ({ handling: event.handling }) },
                },
              },
            },
          },
        },
        reply: {
          initial: 'idle',
          states: {
            idle: { on: { 'reply.send': { guard: 'hasText', target: 'sending' } } },
            sending: {
              tags: ['sending'],
              invoke: {
                id: 'reply',
                src: 'reply',
                input: ({ context }) => ({ id: context.sessionId, content: context.draft.trim() }),
                onDone: {
                  target: 'sent',
                  actions: [
                    'clearError',
                    'clearDraft',
                    'keepDraft',
                    { type: 'tellSent', params: ({ event }) => ({ message: event.output }) },
                  ],
                },
                onError: [
                  { guard: 'notOffered', target: '#conversationHandling.notOffered' },
                  {
                    target: 'failed',
                    actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            failed: { tags: ['sendFailed'], on: { 'reply.send': { guard: 'hasText', target: 'sending' } } },
            /** The last reply is stored: said until the person writes again. */
            sent: { tags: ['sent'], on: { 'reply.changed': { target: 'idle', actions: typing } } },
          },
        },
      },
    },
    handingBack: {
      tags: ['busy', 'person'],
      invoke: {
        id: 'handBack',
        src: 'handBack',
        input: ({ context }) => ({ id: context.sessionId }),
        onDone: {
          target: 'bot',
          actions: [
            'clearError',
            { type: 'setHandling', params: ({ event }) => ({ handling: event.output }) },
            'tellHandling',
          ],
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'person',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The server does not offer handling: the conversation stays the bot's, as the spec has it. */
    notOffered: { tags: ['notOffered'] },
  },
});
