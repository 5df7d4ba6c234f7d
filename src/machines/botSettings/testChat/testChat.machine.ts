import { readStored } from '../../../api/storage';
import { testChatSetup } from './testChat.setup';
import { testThreadName } from './thread';

export {
  type ChatLine,
  fromReplyStream,
  type ReplyInput,
  type ReplyOutcome,
  type ReplyStats,
  type TestChatContext,
} from './testChat.setup';
export { testThreadName };

/**
 * The test tab's chat (spec sections 2 and 4, issue 16): the user's message appears, the bot is shown typing
 * until the first token, then the reply grows token by token. Stop ends the request and keeps what arrived,
 * marked as stopped. A failure keeps what arrived too, marked, with a retry that asks again. A complete reply
 * records its time to the first token, its total time and its tokens.
 */
export const testChatMachine = testChatSetup.createMachine({
  id: 'testChat',
  context: ({ input }) => ({
    botId: input.botId,
    threadId: input.threadId !== undefined ? input.threadId : readStored(testThreadName(input.botId)),
    lines: [],
    input: '',
    pending: null,
    replyId: null,
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
      on: { 'message.sent': { guard: 'inputSendable', target: 'replying', actions: 'postMessage' } },
    },
    replying: {
      invoke: {
        id: 'reply',
        src: 'streamReply',
        input: ({ context, self }) => ({
          botId: context.botId,
          message: context.pending?.text ?? '',
          threadId: context.threadId,
          chat: self,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'finishReply', params: ({ event }) => ({ outcome: event.output }) },
            'rememberThread',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'markFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'reply.thread': { actions: ['setThread', 'rememberThread'] },
        // Leaving the state stops the reply's actor, which ends the request.
        'reply.stopped': { target: 'idle', actions: 'markStopped' },
      },
      initial: 'waiting',
      states: {
        /** The bot is shown typing until the first token. */
        waiting: {
          tags: ['typing'],
          on: { 'reply.delta': { target: 'streaming', actions: 'appendText' } },
        },
        streaming: {
          tags: ['streaming'],
          on: { 'reply.delta': { actions: 'appendText' } },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'reply.retried': { target: 'replying', actions: 'prepareRetry' },
        'message.sent': {
          guard: 'inputSendable',
          target: 'replying',
          actions: ['abandonPending', 'postMessage'],
        },
      },
    },
  },
});
