// @vitest-environment node
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testReply } from '../../mocks/conversations';
import { givenChatbot, givenUser } from '../../mocks/fixtures';
import { resetTestChatMock, STREAM_BROKE_OFF, testChatMock } from '../../mocks/handlers/testChat';
import { server } from '../../mocks/node';
import { BASE, withMockServer } from '../../mocks/testing';
import { installMemoryStorage } from '../../tests/memoryStorage';
import { configureClient, resetClient } from './client';
import type { ApiError } from './errors';
import { BOT_SETTINGS_DEFAULTS } from './schemas/chatbots';
import { TEST_MESSAGE_MAX_LENGTH, TestStreamBodySchema } from './schemas/testChat';
import { writeUserInfo } from './storage';
import { streamTestReply } from './testChat';

installMemoryStorage();
withMockServer();
afterEach(resetTestChatMock);

const USER = 'user-chat';
const TOKEN = 'token-chat';
const PROMPT = 'You are the customer service assistant of Acme Outdoor.';
beforeEach(async () => {
  resetClient();
  configureClient({ baseURL: BASE });
  await givenUser({ id: USER, email: 'chat@b.test', token: TOKEN, planName: 'Starter' });
  await givenChatbot(USER, { id: 'bot-1', prompt: PROMPT, settings: { ...BOT_SETTINGS_DEFAULTS } });
  writeUserInfo({ accessToken: TOKEN, id: USER, userId: USER });
});

const STREAM = `${BASE}/chatbots/test/:id/stream`;
const line = (field: 'data' | 'error', payload: unknown) => `${field}: ${JSON.stringify(payload)}\n\n`;
/** An event stream whose bytes arrive cut every `size` bytes (mid-line, mid-character). */
const sse = (text: string, size = 7, { breakOff = false } = {}) => {
  const bytes = new TextEncoder().encode(text);
  return new HttpResponse(
    new ReadableStream({
      async start(controller) {
        for (let i = 0; i < bytes.length; i += size) {
          controller.enqueue(bytes.slice(i, i + size));
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (breakOff) controller.error(new TypeError('socket hang up'));
        else controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
};

async function collect(message: string, threadId?: string, signal?: AbortSignal) {
  const pieces: string[] = [];
  const threads: string[] = [];
  try {
    const result = await streamTestReply(
      'bot-1',
      { message, ...(threadId ? { threadId } : {}) },
      { onText: (t) => pieces.push(t), onThread: (t) => threads.push(t), signal },
    );
    return { pieces, text: pieces.join(''), threads, result, error: null };
  } catch (error) {
    return { pieces, text: pieces.join(''), threads, result: null, error: error as ApiError };
  }
}

describe('streamTestReply', () => {
  it('streams the mock reply piece by piece, with its thread and usage', async () => {
    const first = await collect('Do you ship abroad?');
    expect(first.error).toBeNull();
    expect(first.pieces.length).toBeGreaterThan(20);
    const bot = { name: 'Support bot', prompt: PROMPT, settings: BOT_SETTINGS_DEFAULTS };
    expect(first.text).toBe(testReply(bot, [], 'Do you ship abroad?'));
    expect(first.result).toEqual({
      threadId: first.threads[0],
      usage: expect.objectContaining({ totalTokens: expect.any(Number) }),
      streamed: true,
    });
    const second = await collect('And the price?', first.result?.threadId ?? '');
    expect(second.text).toBe(testReply(bot, ['Do you ship abroad?'], 'And the price?'));
    expect(second.result?.threadId).toBe(first.result?.threadId);
  });

  it('reads events cut anywhere, skips unknown ones, and takes the thread from done when start has none', async () => {
    const body = [
      line('data', { type: 'start' }),
      line('data', { type: 'ping' }),
      line('data', { type: 'delta', text: '你好，' }),
      line('data', { type: 'delta', text: 'world', extra: 1 }),
      line('data', { type: 'done', threadId: 'th-9', usage: { totalTokens: 12 } }),
    ].join('');
    expect(TestStreamBodySchema.safeParse(body).success).toBe(true);
    let request: Request | undefined;
    server.use(
      http.get(STREAM, ({ request: r }) => {
        request = r;
        return sse(body, 5);
      }),
    );
    const out = await collect('Hi & bye?', 'th-1');
    expect(out.text).toBe('你好，world');
    expect(out.result).toEqual({ threadId: 'th-9', usage: { totalTokens: 12 }, streamed: true });
    const url = new URL(request?.url ?? '');
    expect(url.searchParams.get('message')).toBe('Hi & bye?');
    expect(url.searchParams.get('threadId')).toBe('th-1');
    expect(request?.headers.get('accept')).toBe('text/event-stream');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('usage it cannot read counts as unknown', async () => {
    server.use(
      http.get(STREAM, () =>
        sse(line('data', { type: 'delta', text: 'ok' }) + line('data', { type: 'done', usage: 'lots' })),
      ),
    );
    expect((await collect('Hi')).result).toEqual({ threadId: null, usage: null, streamed: true });
  });

  it('an error line mid-stream fails with its message, after the text that arrived', async () => {
    testChatMock.failAfterChunks = 5;
    const out = await collect('Do you ship abroad?');
    expect(out.pieces).toHaveLength(5);
    expect(out.error?.message).toBe(STREAM_BROKE_OFF);
  });

  it('a stream that ends before done, or breaks off, fails: a cut reply never passes for a whole one', async () => {
    server.use(http.get(STREAM, () => sse(line('data', { type: 'delta', text: 'Half' }))));
    const ended = await collect('Hi');
    expect(ended.text).toBe('Half');
    expect(ended.error).toMatchObject({
      kind: 'network',
      message: 'The stream ended before the reply was complete',
    });
    server.use(
      http.get(STREAM, () => sse(line('data', { type: 'delta', text: 'Half' }), 4, { breakOff: true })),
    );
    expect((await collect('Hi')).error?.kind).toBe('network');
  });

  it.each([404, 405, 501])('falls back to the plain POST when the stream answers %i', async (status) => {
    server.use(http.get(STREAM, () => new HttpResponse(null, { status })));
    const out = await collect('Do you ship abroad?');
    expect(out.error).toBeNull();
    expect(out.pieces).toHaveLength(1);
    expect(out.text).toMatch(/40 countries/);
    expect(out.result).toEqual({ threadId: out.threads[0], usage: null, streamed: false });
  });

  it('does not fall back on other failures, nor once the stream had begun', async () => {
    server.use(http.get(STREAM, () => new HttpResponse(null, { status: 503, statusText: 'Busy' })));
    expect((await collect('Hi')).error).toMatchObject({ kind: 'http', status: 503 });
    server.use(
      http.get(STREAM, () =>
        sse(line('data', { type: 'start', threadId: 't' }) + line('error', { message: 'No model' })),
      ),
    );
    expect((await collect('Hi')).error?.message).toBe('No model');
  });

  it('the fallback fails with the server own words when the bot is gone', async () => {
    const out = await streamTestReply('bot-nope', { message: 'Hi' }, { onText: () => {} }).catch((e) => e);
    expect(out).toMatchObject({ status: 404, body: { message: 'Chatbot not found' } });
  });

  it('Stop: an aborted reply ends quietly as aborted, keeping what arrived', async () => {
    testChatMock.chunkMs = 5;
    const controller = new AbortController();
    const pieces: string[] = [];
    const done = streamTestReply(
      'bot-1',
      { message: 'Do you ship abroad?' },
      {
        signal: controller.signal,
        onText: (t) => {
          pieces.push(t);
          if (pieces.length === 3) controller.abort();
        },
      },
    ).catch((e) => e as ApiError);
    expect(await done).toMatchObject({ kind: 'aborted' });
    expect(pieces).toHaveLength(3);
  });

  it(`never sends a blank message or one over ${TEST_MESSAGE_MAX_LENGTH} characters`, async () => {
    let asked = false;
    server.use(
      http.get(STREAM, () => {
        asked = true;
      }),
    );
    await expect(collect('   ').then((r) => r.error)).resolves.toBeTruthy();
    await expect(collect('a'.repeat(TEST_MESSAGE_MAX_LENGTH + 1)).then((r) => r.error)).resolves.toBeTruthy();
    expect(asked).toBe(false);
  });
});
