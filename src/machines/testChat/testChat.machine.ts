import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { sendTestMessage } from '../../api/chatbots';
import type { TestChatReply } from '../../api/schemas/chatbots';
import { readStored, writeStored } from '../../api/storage';
import { describeError } from '../errors';
import { fromRequest } from '../request';

export interface ChatLine {
  id: number;
  role: 'user' | 'bot';
  text: string;
  /** A user message the bot could not answer. */
  failed: boolean;
}

export interface TestChatContext {
  botId: string;
  /** The server's conversation, kept per bot in local storage so a reload continues it. */
  threadId: string | null;
  lines: ChatLine[];
  input: string;
  /** The message waiting for (or having failed to get) a reply. */
  pending: ChatLine | null;
  error: MessageDescriptor | string | null;
  nextId: number;
}

export type TestChatEvent =
  | { type: 'input.changed'; value: string }
  | { type: 'message.sent' }
  | { type: 'reply.retried' }
  | { type: 'chat.cleared' };

/** The local storage name (under the product prefix) of a bot's test thread. */
export const testThreadName = (botId: string) => `test-thread-${botId}`;

/**
 * The test tab's chat (spec section 4): the user's message appears, the bot is shown typing, the reply
 * appears. A failed reply leaves the message in place, marked, with a retry.
 */
export const testChatMachine = setup({
  types: {
    context: {} as TestChatContext,
    events: {} as TestChatEvent,
    input: {} as { botId: string; threadId?: string | null },
  },
  actors: {
    sendMessage: fromRequest<TestChatReply, { botId: string; message: string; threadId: string | null }>(
      ({ input, signal }) =>
        sendTestMessage(
          input.botId,
          { message: input.message, ...(input.threadId ? { threadId: input.threadId } : {}) },
          signal,
        ),
    ),
  },
  guards: {
    inputFilled: ({ context }) => context.input.trim() !== '',
    hasConversation: ({ context }) => context.lines.length > 0 || context.threadId !== null,
  },
  actions: {
    setInput: assign({ input: ({ event }) => (event.type === 'input.changed' ? event.value : '') }),
    postMessage: assign(({ context }) => {
      const line: ChatLine = { id: context.nextId, role: 'user', text: context.input.trim(), failed: false };
      return {
        lines: [...context.lines, line],
        pending: line,
        input: '',
        error: null,
        nextId: context.nextId + 1,
      };
    }),
    /** A new message after a failed one: the failed one stays visible, marked, but is no longer retried. */
    abandonPending: assign({ pending: null, error: null }),
    postReply: assign(({ context }, params: { reply: TestChatReply }) => ({
      lines: [
        ...context.lines,
        { id: context.nextId, role: 'bot' as const, text: params.reply.message, failed: false },
      ],
      threadId: params.reply.threadId,
      pending: null,
      nextId: context.nextId + 1,
    })),
    rememberThread: ({ context }) => writeStored(testThreadName(context.botId), context.threadId),
    markFailed: assign(({ context }, params: { error: unknown }) => ({
      error: describeError(params.error),
      lines: context.lines.map((line) =>
        line.id === context.pending?.id ? { ...line, failed: true } : line,
      ),
    })),
    unmarkFailed: assign(({ context }) => ({
      error: null,
      lines: context.lines.map((line) =>
        line.id === context.pending?.id ? { ...line, failed: false } : line,
      ),
    })),
    clearChat: assign({ lines: [], threadId: null, pending: null, error: null }),
    forgetThread: ({ context }) => writeStored(testThreadName(context.botId), null),
  },
}).createMachine({
  id: 'testChat',
  context: ({ input }) => ({
    botId: input.botId,
    threadId: input.threadId !== undefined ? input.threadId : readStored(testThreadName(input.botId)),
    lines: [],
    input: '',
    pending: null,
    error: null,
    nextId: 1,
  }),
  initial: 'idle',
  on: {
    'input.changed': { actions: 'setInput' },
    // Clearing starts a new thread; leaving the replying state cancels a reply on its way.
    'chat.cleared': { guard: 'hasConversation', target: '.idle', actions: ['clearChat', 'forgetThread'] },
  },
  states: {
    idle: {
      on: { 'message.sent': { guard: 'inputFilled', target: 'replying', actions: 'postMessage' } },
    },
    replying: {
      tags: ['typing'],
      invoke: {
        id: 'reply',
        src: 'sendMessage',
        input: ({ context }) => ({
          botId: context.botId,
          message: context.pending?.text ?? '',
          threadId: context.threadId,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'postReply', params: ({ event }) => ({ reply: event.output }) },
            'rememberThread',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'markFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'reply.retried': { target: 'replying', actions: 'unmarkFailed' },
        'message.sent': {
          guard: 'inputFilled',
          target: 'replying',
          actions: ['abandonPending', 'postMessage'],
        },
      },
    },
  },
});
