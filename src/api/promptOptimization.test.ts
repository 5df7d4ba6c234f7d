// @vitest-environment node
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenUser } from '../../mocks/fixtures';
import {
  givenPromptOptimization,
  improvePrompt,
  OPTIMIZE_FAILURES,
  OPTIMIZE_STREAM_ERROR,
} from '../../mocks/handlers/promptOptimization';
import { server } from '../../mocks/node';
import { DEMO_BOTS } from '../../mocks/seed';
import { BASE, withMockServer } from '../../mocks/testing';
import { installMemoryStorage } from '../../tests/memoryStorage';
import { configureClient, resetClient } from './client';
import { ApiError } from './errors';
import { createPromptOptimization, streamPromptOptimization } from './promptOptimization';
import { writeUserInfo } from './storage';

installMemoryStorage();
withMockServer();

const USER = 'user-opt';
const TOKEN = 'token-opt';
beforeEach(async () => {
  resetClient();
  configureClient({ baseURL: BASE });
  await givenUser({ id: USER, email: 'opt@b.test', token: TOKEN, planName: 'Starter' });
  writeUserInfo({ accessToken: TOKEN, id: USER, userId: USER });
});

const STREAM = `${BASE}/chatbots/prompt-optimizations/:id/stream`;

/** An event stream whose bytes arrive in the pieces given (cut anywhere: mid-line, mid-character). */
const sse = (pieces: Uint8Array[], { breakOff = false } = {}) =>
  new HttpResponse(
    new ReadableStream({
      async start(controller) {
        for (const piece of pieces) {
          controller.enqueue(piece);
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (breakOff) controller.error(new TypeError('socket hang up'));
        else controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );

/** `text` as bytes cut every `size` bytes. */
const cut = (text: string, size: number) => {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.slice(i, i + size));
  return pieces;
};

const event = (field: 'data' | 'error', payload: unknown) => `${field}: ${JSON.stringify(payload)}\n\n`;

/** Reads an optimisation's stream, collecting its pieces and how it ended. */
async function collect(id: string, signal?: AbortSignal) {
  const pieces: string[] = [];
  try {
    await streamPromptOptimization(id, { onText: (t) => pieces.push(t), signal });
    return { pieces, text: pieces.join(''), error: null };
  } catch (error) {
    return { pieces, text: pieces.join(''), error: error as ApiError };
  }
}

describe('prompt optimisation calls', () => {
  it('starts an optimisation and streams the improved prompt until done', async () => {
    const prompt = DEMO_BOTS.leo.prompt;
    const { id } = await createPromptOptimization({ prompt });
    const result = await collect(id);
    expect(result.error).toBeNull();
    expect(result.pieces.length).toBeGreaterThan(20);
    expect(result.text).toBe(improvePrompt(prompt));
  });

  it('refuses a blank prompt without sending it', async () => {
    let sent = false;
    server.events.on('request:start', () => {
      sent = true;
    });
    await expect(createPromptOptimization({ prompt: ' \n ' })).rejects.toThrow();
    expect(sent).toBe(false);
    server.events.removeAllListeners();
  });

  it('takes an answer with more than the id, and refuses one without it', async () => {
    server.use(
      http.post(`${BASE}/chatbots/prompt-optimizations`, () =>
        HttpResponse.json({ id: 'opt-9', model: 'gpt-4.1', queuedAt: '2026-11-24T10:00:00Z' }),
      ),
    );
    expect(await createPromptOptimization({ prompt: 'Be kind.' })).toMatchObject({ id: 'opt-9' });
    server.use(http.post(`${BASE}/chatbots/prompt-optimizations`, () => HttpResponse.json({ ok: 1 })));
    await expect(createPromptOptimization({ prompt: 'Be kind.' })).rejects.toMatchObject({
      kind: 'schema',
      field: 'id',
    });
  });

  it('puts together lines and characters cut across chunks', async () => {
    const text = '## 角色\n你是 [Company Name] 的客服助理。\n\n## 核心职责\n- 解答问题。';
    const body = (text.match(/.{1,3}/gsu) ?? [])
      .map((t) => event('data', { type: 'delta', text: t }))
      .join('');
    // 7 bytes at a time: lines, JSON and the 3-byte characters are all cut.
    server.use(http.get(STREAM, () => sse(cut(body + event('data', { type: 'done' }), 7))));
    const result = await collect('opt-1');
    expect(result.error).toBeNull();
    expect(result.text).toBe(text);
  });

  it('skips events it does not know and fields it does not read', async () => {
    server.use(
      http.get(STREAM, () =>
        sse(
          cut(
            event('data', { type: 'ping' }) +
              event('data', { type: 'delta', text: 'Hello', index: 0 }) +
              ': a comment\n' +
              event('data', { type: 'usage', tokens: 12 }) +
              event('data', { type: 'delta', text: ' world' }) +
              event('data', { type: 'done', tokens: 12 }),
            1000,
          ),
        ),
      ),
    );
    expect(await collect('opt-1')).toMatchObject({ text: 'Hello world', error: null });
  });

  it("fails on the server's error line, keeping what came before and reading nothing after", async () => {
    const prompt = `${DEMO_BOTS.ava.prompt}\n${OPTIMIZE_FAILURES.errorLine}`;
    const { id } = await createPromptOptimization({ prompt });
    const result = await collect(id);
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({ message: OPTIMIZE_STREAM_ERROR, kind: 'http' });
    expect(result.text.length).toBeGreaterThan(0);
    expect(improvePrompt(prompt).startsWith(result.text)).toBe(true);

    server.use(
      http.get(STREAM, () =>
        sse(
          cut(
            event('data', { type: 'delta', text: 'Half' }) +
              event('error', { message: 'Quota exceeded' }) +
              event('data', { type: 'delta', text: ' more' }) +
              event('data', { type: 'done' }),
            5,
          ),
        ),
      ),
    );
    expect(await collect('opt-1')).toMatchObject({ text: 'Half', error: { message: 'Quota exceeded' } });
  });

  it('fails on a non-OK status with the status', async () => {
    const { id } = await createPromptOptimization({ prompt: `Be kind. ${OPTIMIZE_FAILURES.httpError}` });
    const result = await collect(id);
    expect(result.error).toMatchObject({ kind: 'http', status: 500 });
    expect(result.pieces).toEqual([]);
    expect((await collect('opt-unknown')).error).toMatchObject({ kind: 'http', status: 404 });
  });

  it('fails when the connection drops mid-stream, whether the body breaks or just ends', async () => {
    const { id } = await createPromptOptimization({
      prompt: `${DEMO_BOTS.nova.prompt} ${OPTIMIZE_FAILURES.dropped}`,
    });
    const ended = await collect(id);
    expect(ended.error).toMatchObject({ kind: 'network' });
    expect(ended.text.length).toBeGreaterThan(0);

    server.use(
      http.get(STREAM, () =>
        sse(cut(event('data', { type: 'delta', text: 'Half a prompt' }), 8), { breakOff: true }),
      ),
    );
    const broken = await collect('opt-1');
    expect(broken).toMatchObject({ text: 'Half a prompt', error: { kind: 'network' } });
  });

  it('fails on a line that is not what was agreed', async () => {
    server.use(
      http.get(STREAM, () =>
        sse(cut(event('data', { type: 'delta', text: 'A' }) + event('data', { type: 'delta' }), 100)),
      ),
    );
    expect(await collect('opt-1')).toMatchObject({ text: 'A', error: { kind: 'schema', field: 'text' } });
    server.use(http.get(STREAM, () => sse(cut('data: {"type":"delta",\n\n', 100))));
    expect((await collect('opt-1')).error).toMatchObject({ kind: 'schema' });
  });

  it('stops reading when its caller aborts', async () => {
    givenPromptOptimization(USER, { id: 'opt-long', prompt: DEMO_BOTS.ava.prompt });
    const controller = new AbortController();
    const pieces: string[] = [];
    const reading = streamPromptOptimization('opt-long', {
      onText: (t) => {
        pieces.push(t);
        if (pieces.length === 3) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(reading).rejects.toMatchObject({ kind: 'aborted' });
    expect(pieces).toHaveLength(3);
  });
});
