import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { DEMO_BOTS } from '../../../../mocks/seed';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { RetrievedPassage } from '../../../api/schemas/retrieval';
import { TEST_MESSAGE_MAX_LENGTH } from '../../../api/schemas/testChat';
import { readStored, writeStored } from '../../../api/storage';
import * as testChatApi from '../../../api/testChat';
import { firstPiece, outcome, question, testChatModel } from '../../../demo/qa/flowModels/testChat.flowModel';
import {
  fromReplyStream,
  type ReplyInput,
  type ReplyOutcome,
  testChatMachine,
  testThreadName,
} from './testChat.machine';

/** A reply the test drives by hand: it names its thread, sends pieces, ends or fails when told. */
function fakeStream() {
  const calls: Array<{ input: ReplyInput; signal: AbortSignal }> = [];
  let current: {
    chat: { send: (e: unknown) => void } | undefined;
    resolve: (o: ReplyOutcome) => void;
    reject: (e: unknown) => void;
  } | null = null;
  const logic = fromReplyStream(
    ({ input, signal, chat }) =>
      new Promise<ReplyOutcome>((resolve, reject) => {
        calls.push({ input, signal });
        current = { chat, resolve, reject };
      }),
  );
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    logic,
    calls,
    thread: (threadId: string) => current?.chat?.send({ type: 'reply.thread', threadId }),
    piece: (text: string) => current?.chat?.send({ type: 'reply.delta', text }),
    finish: async (o: ReplyOutcome = outcome) => {
      current?.resolve(o);
      await settle();
    },
    fail: async (e: unknown) => {
      current?.reject(e);
      await settle();
    },
  };
}

function start(botId = 'bot-1') {
  const stream = fakeStream();
  const actor = createActor(testChatMachine.provide({ actors: { streamReply: stream.logic } }), {
    input: { botId },
  }).start();
  const type = (value: string) => actor.send({ type: 'input.changed', value });
  const snap = () => actor.getSnapshot();
  const texts = () =>
    snap().context.lines.map((l) => [l.role, l.text, l.reply ?? (l.failed ? 'failed' : '')]);
  return { actor, stream, type, snap, texts };
}

const stats = { firstTokenMs: 300, totalMs: 900, tokens: 42 };

describe('test chat', () => {
  it('shows the message, the bot typing until the first token, then the reply growing; records its figures', async () => {
    const { actor, stream, type, snap, texts } = start();
    expect(snap().can({ type: 'message.sent' })).toBe(false);
    type('   ');
    expect(snap().can({ type: 'message.sent' })).toBe(false);
    type('  Do you ship abroad? ');
    actor.send({ type: 'message.sent' });
    expect(snap().hasTag('typing')).toBe(true);
    expect(texts()).toEqual([['user', 'Do you ship abroad?', '']]);
    expect(snap().context.input).toBe('');
    // The reply tells the chat that asked (this one) of its thread and pieces.
    expect(stream.calls[0]?.input).toEqual({
      botId: 'bot-1',
      message: 'Do you ship abroad?',
      threadId: null,
      chat: actor,
    });
    // While the bot types, the next message can be written but not sent.
    type('next');
    expect(snap().can({ type: 'message.sent' })).toBe(false);
    stream.thread('th-1');
    expect(readStored(testThreadName('bot-1'))).toBe('th-1');
    expect(snap().hasTag('typing')).toBe(true);
    stream.piece('We ship ');
    expect(snap().hasTag('typing')).toBe(false);
    expect(snap().hasTag('streaming')).toBe(true);
    expect(snap().can({ type: 'message.sent' })).toBe(false);
    stream.piece('abroad.');
    expect(texts()).toEqual([
      ['user', 'Do you ship abroad?', ''],
      ['bot', 'We ship abroad.', 'streaming'],
    ]);
    await stream.finish({ threadId: 'th-1', stats });
    expect(snap().value).toBe('idle');
    expect(snap().context.lines[1]).toMatchObject({ reply: 'done', stats });
    expect(snap().context.input).toBe('next');
    actor.send({ type: 'message.sent' });
    expect(stream.calls[1]?.input).toEqual({
      botId: 'bot-1',
      message: 'next',
      threadId: 'th-1',
      chat: actor,
    });
  });

  it('Stop ends the request and keeps what arrived, marked as stopped', async () => {
    const { actor, stream, type, snap, texts } = start();
    type('Tell me everything');
    actor.send({ type: 'message.sent' });
    stream.thread('th-2');
    stream.piece('Well, ');
    stream.piece('first');
    actor.send({ type: 'reply.stopped' });
    expect(stream.calls[0]?.signal.aborted).toBe(true);
    expect(snap().value).toBe('idle');
    expect(texts()).toEqual([
      ['user', 'Tell me everything', ''],
      ['bot', 'Well, first', 'stopped'],
    ]);
    // Nothing of the stopped reply arrives later, and the thread it started goes on.
    stream.piece(' second');
    expect(snap().context.lines[1]?.text).toBe('Well, first');
    expect(snap().context.threadId).toBe('th-2');
    expect(snap().can({ type: 'reply.stopped' })).toBe(false);
  });

  it('Stop before the first token leaves an empty stopped reply', () => {
    const { actor, stream, type, texts } = start();
    type('Hi');
    actor.send({ type: 'message.sent' });
    actor.send({ type: 'reply.stopped' });
    expect(stream.calls[0]?.signal.aborted).toBe(true);
    expect(texts()).toEqual([
      ['user', 'Hi', ''],
      ['bot', '', 'stopped'],
    ]);
  });

  it('a failure mid-stream keeps the partial reply, says so, and a retry asks again in its place', async () => {
    const { actor, stream, type, snap, texts } = start();
    type('Where is my order?');
    actor.send({ type: 'message.sent' });
    stream.piece('Let me ');
    await stream.fail(
      new ApiError({ kind: 'http', endpoint: 'GET /x', message: 'The model stopped answering' }),
    );
    expect(snap().hasTag('error')).toBe(true);
    expect(snap().context.error).toBe('The model stopped answering');
    expect(texts()).toEqual([
      ['user', 'Where is my order?', ''],
      ['bot', 'Let me ', 'interrupted'],
    ]);
    actor.send({ type: 'reply.retried' });
    expect(stream.calls).toHaveLength(2);
    expect(stream.calls[1]?.input.message).toBe('Where is my order?');
    expect(texts()).toEqual([['user', 'Where is my order?', '']]);
    stream.piece('Let me check.');
    await stream.finish();
    expect(texts()).toEqual([
      ['user', 'Where is my order?', ''],
      ['bot', 'Let me check.', 'done'],
    ]);
    expect(snap().context.error).toBeNull();
  });

  it('a failure before any text marks the message as not answered; a new message leaves it so', async () => {
    const { actor, stream, type, snap, texts } = start();
    type('first');
    actor.send({ type: 'message.sent' });
    await stream.fail(new Error('down'));
    expect(texts()).toEqual([['user', 'first', 'failed']]);
    type('second');
    actor.send({ type: 'message.sent' });
    stream.piece('echo');
    await stream.finish();
    expect(texts()).toEqual([
      ['user', 'first', 'failed'],
      ['user', 'second', ''],
      ['bot', 'echo', 'done'],
    ]);
    expect(snap().can({ type: 'reply.retried' })).toBe(false);
  });

  it(`refuses a message over ${TEST_MESSAGE_MAX_LENGTH} characters, keeping it in the input`, () => {
    const { actor, type, snap } = start();
    type('a'.repeat(TEST_MESSAGE_MAX_LENGTH));
    expect(snap().can({ type: 'message.sent' })).toBe(true);
    type('a'.repeat(TEST_MESSAGE_MAX_LENGTH + 1));
    expect(snap().can({ type: 'message.sent' })).toBe(false);
    actor.send({ type: 'message.sent' });
    expect(snap().context.lines).toEqual([]);
    expect(snap().context.input).toHaveLength(TEST_MESSAGE_MAX_LENGTH + 1);
  });

  it('continues the stored thread of its bot after a reload; clearing (even mid-reply) starts a new one', async () => {
    writeStored(testThreadName('bot-2'), 'th-old');
    writeStored(testThreadName('bot-3'), 'th-other');
    const { actor, stream, type, snap } = start('bot-2');
    type('hello');
    actor.send({ type: 'message.sent' });
    expect(stream.calls[0]?.input.threadId).toBe('th-old');
    stream.piece('Hi');
    actor.send({ type: 'chat.cleared' });
    expect(stream.calls[0]?.signal.aborted).toBe(true);
    expect(snap().value).toBe('idle');
    expect(snap().context.lines).toEqual([]);
    expect(readStored(testThreadName('bot-2'))).toBeNull();
    expect(readStored(testThreadName('bot-3'))).toBe('th-other');
    expect(snap().can({ type: 'chat.cleared' })).toBe(false);
    type('again');
    actor.send({ type: 'message.sent' });
    expect(stream.calls[1]?.input.threadId).toBeNull();
  });
});

describe('the passages a reply used (beyond the spec)', () => {
  const used: RetrievedPassage[] = [
    {
      id: 'qa:qa-1',
      text: 'Do you ship to Singapore?\nYes, in 3 days.',
      score: 0.857,
      source: { kind: 'qa', id: 'qa-1', name: 'Do you ship to Singapore?' },
    },
  ];

  it('keeps them with the reply that used them; a reply the server named none for has none', async () => {
    const { actor, stream, type } = start();
    type('Can you ship to Singapore?');
    actor.send({ type: 'message.sent' });
    stream.piece('Yes, in 3 days.');
    await stream.finish({ ...outcome, passages: used });
    type('And to Japan?');
    actor.send({ type: 'message.sent' });
    stream.piece('Yes.');
    await stream.finish(outcome);
    const bots = actor.getSnapshot().context.lines.filter((l) => l.role === 'bot');
    expect(bots.map((l) => l.passages)).toEqual([used, undefined]);
  });

  it('come from the streamed reply’s end to the line', async () => {
    vi.spyOn(testChatApi, 'streamTestReply').mockImplementation(async (_id, _body, h) => {
      h.onText('Yes, in 3 days.');
      return { threadId: 'th-9', usage: null, streamed: true, passages: used };
    });
    try {
      const actor = createActor(testChatMachine, { input: { botId: 'bot-1', threadId: null } }).start();
      actor.send({ type: 'input.changed', value: 'Can you ship to Singapore?' });
      actor.send({ type: 'message.sent' });
      const s = await waitFor(actor, (snap) => snap.matches('idle'), { timeout: 10_000 });
      expect(s.context.lines[1]).toMatchObject({ reply: 'done', passages: used });
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('the reply actor', () => {
  it('passes the pieces on and measures the first token, the whole reply and its tokens', async () => {
    const clock = [1000, 1420, 2830];
    vi.spyOn(performance, 'now').mockImplementation(() => clock.shift() ?? 9999);
    const api = vi.spyOn(testChatApi, 'streamTestReply').mockImplementation(async (_id, _body, h) => {
      h.onThread?.('th-7');
      h.onText('Hello ');
      h.onText('there');
      return { threadId: 'th-7', usage: { totalTokens: 84 }, streamed: true };
    });
    try {
      const actor = createActor(testChatMachine, { input: { botId: 'bot-1', threadId: null } }).start();
      actor.send({ type: 'input.changed', value: 'Hi' });
      actor.send({ type: 'message.sent' });
      await new Promise((r) => setTimeout(r, 0));
      expect(api).toHaveBeenCalledWith('bot-1', { message: 'Hi' }, expect.anything());
      expect(actor.getSnapshot().context.lines[1]).toEqual({
        id: 2,
        role: 'bot',
        text: 'Hello there',
        failed: false,
        reply: 'done',
        stats: { firstTokenMs: 420, totalMs: 1830, tokens: 84 },
      });
      expect(actor.getSnapshot().context.threadId).toBe('th-7');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('counts the tokens of a reply that came without usage (a server without the stream) as unknown', async () => {
    vi.spyOn(testChatApi, 'streamTestReply').mockImplementation(async (_id, _body, h) => {
      h.onText('All at once.');
      return { threadId: 'th-8', usage: null, streamed: false };
    });
    try {
      const actor = createActor(testChatMachine, { input: { botId: 'bot-1', threadId: 'th-8' } }).start();
      actor.send({ type: 'input.changed', value: 'Hi' });
      actor.send({ type: 'message.sent' });
      await new Promise((r) => setTimeout(r, 0));
      expect(actor.getSnapshot().context.lines[1]?.stats?.tokens).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

type Snap = SnapshotFrom<typeof testChatMachine>;
const last = (s: Snap) => s.context.lines.at(-1);
const sendable = (s: Snap) => {
  const text = s.context.input.trim();
  return text !== '' && text.length <= TEST_MESSAGE_MAX_LENGTH;
};

describeStateViews(testChatModel, {
  '*': {
    // Clear is offered once there is something to clear: lines on screen or a thread on the server.
    enabled: (s: Snap) => [
      'input.changed',
      ...(s.context.lines.length > 0 || s.context.threadId !== null ? ['chat.cleared'] : []),
    ],
  },
  idle: {
    enabled: (s: Snap) => (sendable(s) ? ['message.sent'] : []),
    shows: (s: Snap) => {
      expect(s.context.pending).toBeNull();
      expect(s.context.replyId).toBeNull();
      expect(s.context.error).toBeNull();
      // The conversation ends with a finished or stopped reply (or a failed message that was given up).
      const end = last(s);
      if (end)
        expect(end.role === 'bot' ? ['done', 'stopped'] : end.failed ? ['failed'] : []).toContain(
          end.role === 'bot' ? end.reply : 'failed',
        );
      if (end?.reply === 'done') expect(end.stats).toEqual(outcome.stats);
      if (end?.reply === 'stopped') expect(end.stats).toBeUndefined();
    },
  },
  replying: {
    enabled: ['reply.stopped', 'reply.thread', 'reply.delta'],
    runs: {
      streamReply: (input: ReplyInput, s: Snap) => {
        expect(input).toMatchObject({ botId: DEMO_BOTS.ava.id, message: question });
        // The thread it continues is the one known when it started (the server may name one meanwhile).
        expect(s.context.threadId === null ? [null] : [null, s.context.threadId]).toContain(input.threadId);
      },
    },
    shows: (s: Snap) => {
      expect(s.context.error).toBeNull();
      expect(s.context.pending).toMatchObject({ role: 'user', text: question, failed: false });
    },
  },
  'replying.waiting': {
    tags: ['typing'],
    shows: (s: Snap) => {
      expect(s.context.replyId).toBeNull();
      expect(last(s)).toEqual(s.context.pending);
    },
  },
  'replying.streaming': {
    tags: ['streaming'],
    shows: (s: Snap) => {
      // The reply grows in its own line, after the message it answers.
      expect(last(s)).toMatchObject({ id: s.context.replyId, role: 'bot', reply: 'streaming' });
      expect(last(s)?.text.startsWith(firstPiece)).toBe(true);
    },
  },
  failed: {
    tags: ['error'],
    enabled: (s: Snap) => ['reply.retried', ...(sendable(s) ? ['message.sent'] : [])],
    shows: (s: Snap) => {
      // The server's own words (the model's failures are its 500).
      expect(s.context.error).toBe('Internal server error');
      if (s.context.replyId === null)
        expect(last(s)).toMatchObject({ role: 'user', failed: true, id: s.context.pending?.id });
      else expect(last(s)).toMatchObject({ role: 'bot', reply: 'interrupted', id: s.context.replyId });
    },
  },
});
