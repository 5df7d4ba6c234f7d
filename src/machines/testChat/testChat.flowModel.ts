import { testReply } from '../../../mocks/conversations';
import { DEMO_BOTS } from '../../../mocks/seed';
import type { FlowModel } from '../model';
import { type TestChatContext, testChatMachine } from './testChat.machine';

// The demo's Ava (mocks/seed.ts), the chatbot Bot settings opens first, and the question the model asks her.
const bot = DEMO_BOTS.ava;
const question = 'Do you ship abroad?';

export const testChatModel: FlowModel<{ botId: string; threadId: string | null }> = {
  id: 'testChat',
  machine: testChatMachine,
  input: { botId: bot.id, threadId: null },
  events: [
    { type: 'input.changed', value: question },
    { type: 'input.changed', value: ' ' },
    { type: 'message.sent' },
    { type: 'reply.retried' },
    { type: 'chat.cleared' },
  ],
  outputs: {
    // Her first answer, as the demo backend gives it.
    reply: { message: testReply(bot.prompt, bot.name, [], question), threadId: 'thread-1' },
  },
  // The conversation only as empty or not (and failed or not); the counter not at all.
  serialize: ({ context }) => {
    const c = context as TestChatContext;
    return [
      c.lines.length > 0,
      c.lines.some((l) => l.failed),
      c.input.trim() !== '',
      c.threadId !== null,
      c.pending !== null,
    ];
  },
};
