import { testReply } from '../../../../mocks/conversations';
import { DEMO_BOTS } from '../../../../mocks/seed';
import { TEST_MESSAGE_MAX_LENGTH } from '../../../api/schemas/testChat';
import {
  type ReplyOutcome,
  type TestChatContext,
  testChatMachine,
} from '../../../machines/botSettings/testChat/testChat.machine';
import type { FlowModel } from '../../../machines/model';

// The demo's Ava (mocks/seed.ts), the chatbot Bot settings opens first, and the question the model asks her.
const bot = DEMO_BOTS.ava;
export const question = 'Do you ship abroad?';
/** The first words of her first answer, as the demo backend gives it, as the model's one piece of text. */
export const firstPiece = testReply({ ...bot }, [], question)
  .split(' ')
  .slice(0, 3)
  .join(' ');
export const outcome: ReplyOutcome = {
  threadId: 'thread-1',
  stats: { firstTokenMs: 420, totalMs: 1830, tokens: 184 },
};

export const testChatModel: FlowModel<{ botId: string; threadId: string | null }> = {
  id: 'testChat',
  machine: testChatMachine,
  input: { botId: bot.id, threadId: null },
  events: [
    { type: 'input.changed', value: question },
    { type: 'input.changed', value: ' ' },
    { type: 'input.changed', value: 'x'.repeat(TEST_MESSAGE_MAX_LENGTH + 1) },
    { type: 'message.sent' },
    { type: 'reply.thread', threadId: 'thread-1' },
    { type: 'reply.delta', text: firstPiece },
    { type: 'reply.stopped' },
    { type: 'reply.retried' },
    { type: 'chat.cleared' },
  ],
  outputs: { reply: outcome },
  // The conversation only as empty or not, failed or not, and how its last reply ended; no counters.
  serialize: ({ context }) => {
    const c = context as TestChatContext;
    return [
      c.lines.length > 0,
      c.lines.some((l) => l.failed),
      c.lines.at(-1)?.reply ?? null,
      c.input.trim() === '' ? 'empty' : c.input.length > TEST_MESSAGE_MAX_LENGTH ? 'long' : 'ok',
      c.threadId !== null,
      c.pending !== null,
      c.replyId !== null,
    ];
  },
};
