import type { MessageDescriptor } from '@lingui/core';
import { type AnyActorRef, assign, fromPromise, setup } from 'xstate';
import type { RetrievedPassage } from '../../../api/schemas/retrieval';
import { TEST_MESSAGE_MAX_LENGTH } from '../../../api/schemas/testChat';
import { writeStored } from '../../../api/storage';
import { streamTestReply } from '../../../api/testChat';
import { describeError } from '../../errors';
import { testThreadName } from './thread';

/** How a bot reply ended: still arriving, complete, stopped by the user, or broken off by a failure. */
export type ReplyState = 'streaming' | 'done' | 'stopped' | 'interrupted';

/** What a complete reply cost: time to its first token and to its end (ms), and its tokens (null: unknown). */
export interface ReplyStats {
  firstTokenMs: number;
  totalMs: number;
  tokens: number | null;
}

export interface ChatLine {
  id: number;
  role: 'user' | 'bot';
  text: string;
  /** A user message the bot could not answer. */
  failed: boolean;
  /** A bot reply's state. */
  reply?: ReplyState;
  /** A complete bot reply's figures. */
  stats?: ReplyStats;
  /** Beyond the spec: the passages of its knowledge a complete bot reply used, when the server named them. */
  passages?: RetrievedPassage[];
}

export interface TestChatContext {
  botId: string;
  /** The server's conversation, kept per bot in local storage so a reload continues it. */
  threadId: string | null;
  lines: ChatLine[];
  input: string;
  /** The message waiting for (or having failed to get) a reply. */
  pending: ChatLine | null;
  /** The id of the bot line the reply under way writes into (null until its first token). */
  replyId: number | null;
  error: MessageDescriptor | string | null;
  nextId: number;
}

/** How a reply ended, as its actor answers: the thread it belongs to and its figures. */
export interface ReplyOutcome {
  threadId: string | null;
  stats: ReplyStats;
  /** The passages the reply used; missing when the server did not say. */
  passages?: RetrievedPassage[];
}

export type TestChatEvent =
  | { type: 'input.changed'; value: string }
  | { type: 'message.sent' }
  | { type: 'reply.stopped' }
  | { type: 'reply.retried' }
  | { type: 'chat.cleared' }
  /** From the reply's actor: the server named the thread. */
  | { type: 'reply.thread'; threadId: string }
  /** From the reply's actor: the next piece of the reply. */
  | { type: 'reply.delta'; text: string };

export interface ReplyInput {
  botId: string;
  message: string;
  threadId: string | null;
  /** The chat that asked, which hears of the thread and of each piece. */
  chat: AnyActorRef;
}

const never = new Promise<never>(() => {});

/**
 * The reply's actor: streams the reply, telling the chat that asked of the thread and of each piece, and
 * answers how it ended. Like fromRequest (machines/request.ts), a request aborted because the actor stopped
 * never settles, so a stale "aborted" never reaches onError.
 */
export const fromReplyStream = (
  run: (args: { input: ReplyInput; signal: AbortSignal; chat: AnyActorRef }) => Promise<ReplyOutcome>,
) =>
  fromPromise<ReplyOutcome, ReplyInput>(({ input, signal }) =>
    run({ input, signal, chat: input.chat }).catch((error: unknown) => {
      if (signal.aborted) return never;
      throw error;
    }),
  );

/** Milliseconds on a clock that only goes forward (tests move it with fake timers). */
const now = () => performance.now();

export const testChatSetup = setup({
  types: {
    context: {} as TestChatContext,
    events: {} as TestChatEvent,
    input: {} as { botId: string; threadId?: string | null },
  },
  actors: {
    /** Streams the reply: sends reply.thread and reply.delta to the chat, answers how it ended. */
    streamReply: fromReplyStream(async ({ input, signal, chat }) => {
      const started = now();
      let firstToken: number | null = null;
      const result = await streamTestReply(
        input.botId,
        { message: input.message, ...(input.threadId ? { threadId: input.threadId } : {}) },
        {
          signal,
          onThread: (threadId) => chat.send({ type: 'reply.thread', threadId }),
          onText: (text) => {
            if (signal.aborted || text === '') return;
            firstToken ??= now();
            chat.send({ type: 'reply.delta', text });
          },
        },
      );
      const end = now();
      return {
        threadId: result.threadId,
        stats: {
          firstTokenMs: Math.round((firstToken ?? end) - started),
          totalMs: Math.round(end - started),
          tokens: result.usage?.totalTokens ?? null,
        },
        ...(result.passages ? { passages: result.passages } : {}),
      };
    }),
  },
  guards: {
    inputSendable: ({ context }) => {
      const text = context.input.trim();
      return text !== '' && text.length <= TEST_MESSAGE_MAX_LENGTH;
    },
    hasConversation: ({ context }) => context.lines.length > 0 || context.threadId !== null,
  },
  actions: {
    setInput: assign({ input: ({ event }) => (event.type === 'input.changed' ? event.value : '') }),
    postMessage: assign(({ context }) => {
      const line: ChatLine = { id: context.nextId, role: 'user', text: context.input.trim(), failed: false };
      return {
        lines: [...context.lines, line],
        pending: line,
        replyId: null,
        input: '',
        error: null,
        nextId: context.nextId + 1,
      };
    }),
    /** A new message after a failed one: the failed one stays visible, marked, but is no longer retried. */
    abandonPending: assign({ pending: null, replyId: null, error: null }),
    setThread: assign({
      threadId: ({ context, event }) => (event.type === 'reply.thread' ? event.threadId : context.threadId),
    }),
    rememberThread: ({ context }) => writeStored(testThreadName(context.botId), context.threadId),
    /** The first piece opens the bot's line; each next one grows it. */
    appendText: assign(({ context, event }) => {
      const text = event.type === 'reply.delta' ? event.text : '';
      if (context.replyId === null) {
        const line: ChatLine = { id: context.nextId, role: 'bot', text, failed: false, reply: 'streaming' };
        return { lines: [...context.lines, line], replyId: line.id, nextId: context.nextId + 1 };
      }
      return {
        lines: context.lines.map((l) => (l.id === context.replyId ? { ...l, text: l.text + text } : l)),
      };
    }),
    finishReply: assign(({ context }, params: { outcome: ReplyOutcome }) => {
      const { stats, passages } = params.outcome;
      const done = (l: ChatLine): ChatLine => ({
        ...l,
        reply: 'done',
        stats,
        ...(passages ? { passages } : {}),
      });
      const lines =
        context.replyId === null
          ? // A reply without any text still ends as a (empty) reply with its figures.
            [...context.lines, done({ id: context.nextId, role: 'bot', text: '', failed: false })]
          : context.lines.map((l) => (l.id === context.replyId ? done(l) : l));
      return {
        lines,
        threadId: params.outcome.threadId ?? context.threadId,
        pending: null,
        replyId: null,
        nextId: context.replyId === null ? context.nextId + 1 : context.nextId,
      };
    }),
    /** Stop keeps what arrived, marked; before the first token it leaves an empty stopped reply. */
    markStopped: assign(({ context }) => {
      const lines =
        context.replyId === null
          ? [
              ...context.lines,
              {
                id: context.nextId,
                role: 'bot' as const,
                text: '',
                failed: false,
                reply: 'stopped' as const,
              },
            ]
          : context.lines.map((l) => (l.id === context.replyId ? { ...l, reply: 'stopped' as const } : l));
      return {
        lines,
        pending: null,
        replyId: null,
        nextId: context.replyId === null ? context.nextId + 1 : context.nextId,
      };
    }),
    /** What arrived stays, marked as broken off; without any, the message is marked as not answered. */
    markFailed: assign(({ context }, params: { error: unknown }) => ({
      error: describeError(params.error),
      lines: context.lines.map((line) => {
        if (context.replyId !== null)
          return line.id === context.replyId ? { ...line, reply: 'interrupted' as const } : line;
        return line.id === context.pending?.id ? { ...line, failed: true } : line;
      }),
    })),
    /** A retry asks again: the broken-off reply makes way for the new one, the message is no longer marked. */
    prepareRetry: assign(({ context }) => ({
      error: null,
      replyId: null,
      lines: context.lines
        .filter((line) => line.id !== context.replyId)
        .map((line) => (line.id === context.pending?.id ? { ...line, failed: false } : line)),
    })),
    clearChat: assign({ lines: [], threadId: null, pending: null, replyId: null, error: null }),
    forgetThread: ({ context }) => writeStored(testThreadName(context.botId), null),
  },
});
