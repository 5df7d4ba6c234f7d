import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { DEMO_BOTS } from '../../../mocks/seed';
import { describeStateViews } from '../../../tests/stateViews';
import type { TestChatReply } from '../../api/schemas/chatbots';
import { readStored, writeStored } from '../../api/storage';
import { testChatModel } from './testChat.flowModel';
import { testChatMachine, testThreadName } from './testChat.machine';

type Send = (input: { botId: string; message: string; threadId: string | null }) => Promise<TestChatReply>;

function start(send: Send, botId = 'bot-1') {
  const spy = vi.fn(send);
  const actor = createActor(
    testChatMachine.provide({ actors: { sendMessage: fromPromise(({ input }) => spy(input)) } }),
    { input: { botId } },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const type = (value: string) => actor.send({ type: 'input.changed', value });
  return { actor, spy, settle, type };
}

const replyWith =
  (threadId: string): Send =>
  async ({ message }) => ({ message: `echo ${message}`, threadId });

describe('test chat', () => {
  it('shows the message, the bot typing, then the reply; remembers the thread per bot', async () => {
    const { actor, spy, settle, type } = start(replyWith('th-1'));
    expect(actor.getSnapshot().can({ type: 'message.sent' })).toBe(false);
    type('   ');
    expect(actor.getSnapshot().can({ type: 'message.sent' })).toBe(false);
    type('  Do you ship abroad? ');
    actor.send({ type: 'message.sent' });
    const typing = actor.getSnapshot();
    expect(typing.hasTag('typing')).toBe(true);
    expect(typing.context.lines.map((l) => [l.role, l.text])).toEqual([['user', 'Do you ship abroad?']]);
    expect(typing.context.input).toBe('');
    // While the bot types, the next message can be written but not sent.
    type('next');
    expect(actor.getSnapshot().can({ type: 'message.sent' })).toBe(false);
    await settle();
    expect(spy).toHaveBeenCalledWith({ botId: 'bot-1', message: 'Do you ship abroad?', threadId: null });
    expect(actor.getSnapshot().context.lines.map((l) => l.text)).toEqual([
      'Do you ship abroad?',
      'echo Do you ship abroad?',
    ]);
    expect(readStored(testThreadName('bot-1'))).toBe('th-1');
    expect(actor.getSnapshot().context.input).toBe('next');
    actor.send({ type: 'message.sent' });
    await settle();
    expect(spy).toHaveBeenLastCalledWith({ botId: 'bot-1', message: 'next', threadId: 'th-1' });
  });

  it('continues the stored thread of its bot after a reload, and clearing starts a new one', async () => {
    writeStored(testThreadName('bot-2'), 'th-old');
    writeStored(testThreadName('bot-3'), 'th-other');
    const { actor, spy, settle, type } = start(replyWith('th-old'), 'bot-2');
    type('hello');
    actor.send({ type: 'message.sent' });
    await settle();
    expect(spy).toHaveBeenLastCalledWith({ botId: 'bot-2', message: 'hello', threadId: 'th-old' });
    actor.send({ type: 'chat.cleared' });
    expect(actor.getSnapshot().context.lines).toEqual([]);
    expect(readStored(testThreadName('bot-2'))).toBeNull();
    expect(readStored(testThreadName('bot-3'))).toBe('th-other');
    expect(actor.getSnapshot().can({ type: 'chat.cleared' })).toBe(false);
    type('again');
    actor.send({ type: 'message.sent' });
    await settle();
    expect(spy).toHaveBeenLastCalledWith({ botId: 'bot-2', message: 'again', threadId: null });
  });

  it('keeps a failed message in the chat, marked, and sends it again on retry', async () => {
    let fail = true;
    const { actor, spy, settle, type } = start(async (input) => {
      if (fail) throw new Error('The model is busy');
      return { message: `echo ${input.message}`, threadId: 'th-9' };
    });
    type('Where is my order?');
    actor.send({ type: 'message.sent' });
    await settle();
    const failed = actor.getSnapshot();
    expect(failed.hasTag('error')).toBe(true);
    expect(failed.context.error).toBe('The model is busy');
    expect(failed.context.lines).toEqual([{ id: 1, role: 'user', text: 'Where is my order?', failed: true }]);
    fail = false;
    actor.send({ type: 'reply.retried' });
    expect(actor.getSnapshot().context.lines[0]?.failed).toBe(false);
    await settle();
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy).toHaveBeenLastCalledWith({ botId: 'bot-1', message: 'Where is my order?', threadId: null });
    expect(actor.getSnapshot().context.lines.map((l) => l.text)).toEqual([
      'Where is my order?',
      'echo Where is my order?',
    ]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('after a failure a new message can be sent; the failed one stays visible', async () => {
    let fail = true;
    const { actor, settle, type } = start(async (input) => {
      if (fail) throw new Error('down');
      return { message: `echo ${input.message}`, threadId: 'th-1' };
    });
    type('first');
    actor.send({ type: 'message.sent' });
    await settle();
    fail = false;
    type('second');
    actor.send({ type: 'message.sent' });
    await settle();
    expect(actor.getSnapshot().context.lines.map((l) => [l.text, l.failed])).toEqual([
      ['first', true],
      ['second', false],
      ['echo second', false],
    ]);
    expect(actor.getSnapshot().can({ type: 'reply.retried' })).toBe(false);
  });

  it('clearing while the bot types cancels the reply', async () => {
    let signal: AbortSignal | undefined;
    const actor = createActor(
      testChatMachine.provide({
        actors: {
          sendMessage: fromPromise(({ signal: s }) => {
            signal = s;
            return new Promise<TestChatReply>(() => {});
          }),
        },
      }),
      { input: { botId: 'bot-1' } },
    ).start();
    actor.send({ type: 'input.changed', value: 'hi' });
    actor.send({ type: 'message.sent' });
    actor.send({ type: 'chat.cleared' });
    expect(signal?.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });
});

type Snap = SnapshotFrom<typeof testChatMachine>;
const last = (s: Snap) => s.context.lines.at(-1);

describeStateViews(testChatModel, {
  '*': {
    // Clear is offered once there is something to clear: lines on screen or a thread on the server.
    enabled: (s: Snap) => [
      'input.changed',
      ...(s.context.lines.length > 0 || s.context.threadId !== null ? ['chat.cleared'] : []),
    ],
  },
  idle: {
    enabled: (s: Snap) => (s.context.input.trim() ? ['message.sent'] : []),
    shows: (s: Snap) => {
      expect(s.context.pending).toBeNull();
      expect(s.context.error).toBeNull();
      // The conversation ends with the bot's reply (or a failed message that was given up), never mid-wait.
      if (s.context.lines.length > 0) expect(last(s)?.role === 'bot' || last(s)?.failed).toBe(true);
      if (last(s)?.role === 'bot') expect(s.context.threadId).toBe('thread-1');
    },
  },
  replying: {
    tags: ['typing'],
    runs: {
      sendMessage: (input: { botId: string; message: string; threadId: string | null }, s: Snap) => {
        expect(input).toEqual({
          botId: DEMO_BOTS.ava.id,
          message: 'Do you ship abroad?',
          threadId: s.context.threadId,
        });
      },
    },
    shows: (s: Snap) => {
      expect(s.context.pending).toEqual({ ...last(s), failed: false });
      expect(last(s)?.role).toBe('user');
      expect(s.context.error).toBeNull();
    },
  },
  failed: {
    tags: ['error'],
    enabled: (s: Snap) => ['reply.retried', ...(s.context.input.trim() ? ['message.sent'] : [])],
    shows: (s: Snap) => {
      // The server's own words (the model's failures are its 500).
      expect(s.context.error).toBe('Internal server error');
      expect(last(s)).toMatchObject({ role: 'user', failed: true, id: s.context.pending?.id });
    },
  },
});
