import type { FlowModel } from '../model';
import { type TestChatContext, testChatMachine } from './testChat.machine';

export const testChatModel: FlowModel<{ botId: string; threadId: string | null }> = {
  id: 'testChat',
  machine: testChatMachine,
  // The demo's Ava (mocks/seed.ts), the chatbot Bot settings opens first.
  input: { botId: 'bot-mrh0jnzf', threadId: null },
  events: [
    { type: 'input.changed', value: 'Do you ship abroad?' },
    { type: 'input.changed', value: ' ' },
    { type: 'message.sent' },
    { type: 'reply.retried' },
    { type: 'chat.cleared' },
  ],
  outputs: {
    reply: {
      message: 'We ship to over 40 countries. Standard delivery takes 3-5 business days.',
      threadId: 'thread-1',
    },
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
