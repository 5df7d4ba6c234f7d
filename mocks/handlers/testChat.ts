import { delay, HttpResponse } from 'msw';
import type { TestChatReply } from '../../src/api/schemas/chatbots';
import {
  type TestMessage,
  TestMessageSchema,
  type TestStreamEvent,
  type TokenUsage,
} from '../../src/api/schemas/testChat';
import { isoNow } from '../clock';
import { estimateTokens, replyChunks, testReply } from '../conversations';
import { type ChatbotRecord, db, newId, notifyDbChanged, type UserRecord } from '../db';
import { givenTestThread } from '../fixtures';
import { replyPassages } from '../knowledgeIndex';
import { noteIfUnanswered } from '../unanswered';
import { ownBot } from './chatbots';
import { authedRoute, fail, readBody } from './common';
import { qaReply } from './knowledgeQa';

const IN_NODE = typeof process !== 'undefined' && Boolean(process.versions?.node);

/**
 * How the streamed reply is paced, and a fault for tests. In a browser (the demo) the model "thinks" before
 * the first token and then streams a token every few tens of milliseconds; in Node (tests, the HTTP mock for
 * Pact) it answers without waiting, unless a test sets a pace.
 */
export interface TestChatMockOptions {
  firstTokenMs: number;
  chunkMs: number;
  /** After this many text chunks the stream breaks off with an `error:` line (null: never). */
  failAfterChunks: number | null;
}
const DEFAULTS: TestChatMockOptions = {
  firstTokenMs: IN_NODE ? 0 : 450,
  chunkMs: IN_NODE ? 0 : 35,
  failAfterChunks: null,
};
export const testChatMock: TestChatMockOptions = { ...DEFAULTS };
export const resetTestChatMock = () => Object.assign(testChatMock, DEFAULTS);

/** The error the broken-off stream reports. */
export const STREAM_BROKE_OFF = 'The model stopped answering';

/**
 * The bot's answer to a test message in its thread (a new thread without one, or with an unknown one, e.g.
 * from before a demo reset), recorded in the thread; the same for the streamed and the plain reply.
 */
async function answer(user: UserRecord, bot: ChatbotRecord, { message, threadId }: TestMessage) {
  const thread =
    (threadId
      ? db.testThreads.findFirst((q) =>
          q.where((t) => t.id === threadId && t.ownerId === user.id && t.chatbotId === bot.id),
        )
      : undefined) ?? (await givenTestThread(user.id, { id: newId('thread'), chatbotId: bot.id }));
  const earlier = thread.turns.filter((t) => t.role === 'user').map((t) => t.content);
  // Its Q&A knowledge first (an answer the owner wrote wins), naming the entry; else its own answer.
  const reply = qaReply(bot.id, message) ?? testReply(bot, earlier, message);
  // A question met with the fallback is one the owner may want to answer (the unanswered questions).
  await noteIfUnanswered(user.id, bot.id, message);
  await db.testThreads.update(thread, {
    data(t) {
      t.turns.push(
        { role: 'user', content: message, at: isoNow() },
        { role: 'assistant', content: reply, at: isoNow() },
      );
    },
  });
  const chunks = replyChunks(reply);
  const promptTokens = estimateTokens([bot.prompt, ...thread.turns.map((t) => t.content)].join('\n'));
  const usage: TokenUsage = {
    promptTokens,
    completionTokens: chunks.length,
    totalTokens: promptTokens + chunks.length,
  };
  // Beyond the spec: the passages of its knowledge the reply used (the Q&A entry it answered with first),
  // left out when it used none, as a server that does not name them would.
  const used = replyPassages(bot.id, message);
  const passages = used.length > 0 ? { passages: used } : {};
  return { reply, threadId: thread.id, chunks, usage, passages };
}

const encoder = new TextEncoder();
const line = (event: TestStreamEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

/** The test tab's chat with a bot: the spec's plain reply (section 7) and the streamed one (issue 16). */
export const testChatHandlers = [
  authedRoute('post', '/chatbots/test/:id', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const body = await readBody(request, TestMessageSchema);
    const { reply, threadId, passages } = await answer(user, bot, body);
    return HttpResponse.json<TestChatReply>({ message: reply, threadId, ...passages });
  }),

  authedRoute('get', '/chatbots/test/:id/stream', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const query = new URL(request.url).searchParams;
    const parsed = TestMessageSchema.safeParse({
      message: query.get('message') ?? '',
      threadId: query.get('threadId') || undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail.validation(`${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`);
    }
    const { threadId, chunks, usage, passages } = await answer(user, bot, parsed.data);
    // A GET that writes: the thread is saved like after any other write.
    notifyDbChanged();
    const { firstTokenMs, chunkMs, failAfterChunks } = testChatMock;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(line({ type: 'start', threadId }));
        if (firstTokenMs > 0) await delay(firstTokenMs);
        for (const [i, text] of chunks.entries()) {
          if (cancelled) return;
          if (failAfterChunks !== null && i >= failAfterChunks) {
            controller.enqueue(encoder.encode(`error: ${JSON.stringify({ message: STREAM_BROKE_OFF })}\n\n`));
            controller.close();
            return;
          }
          controller.enqueue(line({ type: 'delta', text }));
          // A steady pace with a little variation, the same every time.
          if (chunkMs > 0) await delay(chunkMs + ((i * 7) % 5) * 4);
        }
        if (cancelled) return;
        controller.enqueue(line({ type: 'done', usage, ...passages }));
        controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    return new HttpResponse(stream, {
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    });
  }),
];

/**
 * For contracts: the bot answers test messages in one plain English sentence (no welcome, no emoji, markdown
 * or bullets), in an empty thread of the given id, so a whole streamed reply is short and always the same.
 */
export async function givenBriefTestReplies(ownerId: string, chatbotId: string, threadId: string) {
  const bot = db.chatbots.findFirst((q) => q.where((b) => b.id === chatbotId && b.ownerId === ownerId));
  if (bot) {
    await db.chatbots.update(bot, {
      data(b) {
        b.settings = {
          ...b.settings,
          welcomeEnabled: false,
          language: 'en',
          tone: 'professional',
          responseLength: 'short',
          useEmoji: false,
          useMarkdown: false,
          useBullets: false,
        };
      },
    });
  }
  await givenTestThread(ownerId, { id: threadId, chatbotId });
}
