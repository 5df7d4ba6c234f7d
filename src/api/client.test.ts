// @vitest-environment node
import { HttpResponse, http as mswHttp } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import * as z from 'zod/mini';
import { installMemoryStorage } from '../../tests/memoryStorage';
import { loginWithCode, sendCode } from './auth';
import { getSessionMessages } from './chatSessions';
import { configureClient, holdRequestsUntil, http, REQUEST_TIMEOUT_MS, resetClient } from './client';
import { ApiError } from './errors';
import { postForm } from './form';
import { getInstance } from './instances';
import { readUserInfo, writeUserInfo } from './storage';
import { streamGet } from './stream';
import { uploadKnowledgeFile } from './upload';

const BASE = 'http://api.test/api/v1';
const server = setupServer();
const onUnauthorized = vi.fn();

installMemoryStorage();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  resetClient();
  onUnauthorized.mockReset();
  configureClient({ baseURL: BASE, onUnauthorized, currentLocation: () => '/chat-history?filter=2#top' });
});

const signIn = (token = 'tok-1') => writeUserInfo({ accessToken: token, id: 'u1', userId: 'u1' });
const unauthorized = () => HttpResponse.json({ statusCode: 401, message: 'Unauthorized' }, { status: 401 });

describe('authorization header', () => {
  it('sends the stored token as a bearer token', async () => {
    signIn('secret-token');
    let seen: string | null = null;
    server.use(
      mswHttp.get(`${BASE}/chat-session/:id/messages`, ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await getSessionMessages('s1');
    expect(seen).toBe('Bearer secret-token');
  });

  it('sends no authorization header when signed out', async () => {
    let seen: string | null = 'unset';
    server.use(
      mswHttp.post(`${BASE}/auth/send-code`, ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json({ success: true });
      }),
    );
    await sendCode('a@b.test');
    expect(seen).toBeNull();
  });

  it('encodes ids as one path segment', async () => {
    signIn();
    let path = '';
    server.use(
      mswHttp.get(`${BASE}/whatsapp/*`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({}, { status: 404 });
      }),
    );
    await expect(getInstance('../users/me')).rejects.toBeInstanceOf(ApiError);
    expect(path).toBe('/api/v1/whatsapp/..%2Fusers%2Fme');
  });
});

describe('401', () => {
  it('clears the stored user info and sends the user to login with the current location', async () => {
    signIn();
    server.use(mswHttp.get(`${BASE}/whatsapp/:id`, unauthorized));
    const error = await getInstance('i1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(readUserInfo()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('/chat-history?filter=2#top');
  });

  it.each([
    ['/auth/login-otp', () => loginWithCode({ email: 'a@b.test', code: '123456' })],
    ['/auth/send-code', () => sendCode('a@b.test')],
    ['/users/me', () => http.get('/users/me', z.object({}))],
  ])('leaves the session alone for %s', async (path, run) => {
    signIn();
    server.use(mswHttp.all(`${BASE}${path}`, unauthorized));
    await expect(run()).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(readUserInfo()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves a newer sign-in alone when the 401 answers a request sent with an older token', async () => {
    signIn('tok-old');
    let answer!: () => void;
    let reached!: () => void;
    const started = new Promise<void>((resolve) => {
      reached = resolve;
    });
    server.use(
      mswHttp.get(
        `${BASE}/whatsapp/:id`,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(unauthorized());
            reached();
          }),
      ),
    );
    const call = getInstance('i1').catch((e: ApiError) => e);
    await started;
    // Meanwhile the user signed in again (here or in another tab).
    signIn('tok-new');
    answer();
    expect(await call).toMatchObject({ status: 401 });
    expect(readUserInfo()?.accessToken).toBe('tok-new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('redirects once when several calls fail together', async () => {
    signIn();
    server.use(mswHttp.get(`${BASE}/whatsapp/:id`, unauthorized));
    await Promise.allSettled([getInstance('a'), getInstance('b'), getInstance('c')]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('pending-auth gate', () => {
  it('holds every request but login-otp until the pending sign-in settles, then uses its token', async () => {
    const order: string[] = [];
    server.use(
      mswHttp.post(`${BASE}/auth/login-otp`, () => {
        order.push('login-otp');
        return HttpResponse.json({ accessToken: 'fresh', id: 'u1', userId: 'u1' });
      }),
      mswHttp.get(`${BASE}/chat-session/:id/messages`, ({ request }) => {
        order.push(`messages ${request.headers.get('authorization')}`);
        return HttpResponse.json([]);
      }),
    );
    const started: string[] = [];
    const onStart = ({ request }: { request: Request }) => void started.push(new URL(request.url).pathname);
    server.events.on('request:start', onStart);
    onTestFinished(() => server.events.removeListener('request:start', onStart));
    let release!: () => void;
    holdRequestsUntil(new Promise<void>((r) => (release = r)));
    let heldSettled = false;
    const held = getSessionMessages('s1').finally(() => {
      heldSettled = true;
    });
    const login = await loginWithCode({ email: 'a@b.test', code: '123456' });
    // Asked for first, yet it never reached the server while the sign-in went there and back.
    expect(started).toEqual(['/api/v1/auth/login-otp']);
    expect(heldSettled).toBe(false);
    expect(order).toEqual(['login-otp']);
    writeUserInfo(login);
    release();
    await held;
    expect(order).toEqual(['login-otp', 'messages Bearer fresh']);
  });

  it('releases held requests when the pending sign-in fails', async () => {
    server.use(mswHttp.get(`${BASE}/chat-session/:id/messages`, () => HttpResponse.json([])));
    let fail!: () => void;
    holdRequestsUntil(new Promise<void>((_, reject) => (fail = () => reject(new Error('nope')))));
    const held = getSessionMessages('s1');
    fail();
    await expect(held).resolves.toEqual([]);
  });
});

describe('time limit', () => {
  const never = () => new Promise<never>(() => {});
  function fakeTimers() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
  }

  it('turns a call with no answer after 20 s into the network failure the screens show', async () => {
    server.use(mswHttp.get(`${BASE}/chat-session/:id/messages`, never));
    fakeTimers();
    const outcome = getSessionMessages('s1').then(
      () => 'answered',
      (e: ApiError) => e,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'network',
      endpoint: 'GET /chat-session/s1/messages',
      message: 'Network error: the server could not be reached',
    });
  });

  it("still reports the caller's own abort as an abort", async () => {
    server.use(mswHttp.get(`${BASE}/chat-session/:id/messages`, never));
    const controller = new AbortController();
    const outcome = getSessionMessages('s1', controller.signal).catch((e: ApiError) => e);
    controller.abort();
    expect(await outcome).toMatchObject({ kind: 'aborted' });
  });

  it('holds requests behind a hung sign-in for 20 s at most', async () => {
    server.use(mswHttp.get(`${BASE}/chat-session/:id/messages`, () => HttpResponse.json([])));
    fakeTimers();
    holdRequestsUntil(never());
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    // The gate is open: a call made now goes straight through.
    const answer = getSessionMessages('s1');
    await vi.advanceTimersByTimeAsync(0);
    await expect(answer).resolves.toEqual([]);
  });
});

describe('response validation', () => {
  it('turns a shape mismatch into a typed error naming the endpoint and the field', async () => {
    signIn();
    server.use(
      mswHttp.get(`${BASE}/chat-session/:id/messages`, () =>
        HttpResponse.json([{ id: 'm1', content: 'hi', sender: 'user', sentAt: 'x' }]),
      ),
    );
    const error = await getSessionMessages('s1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'schema',
      endpoint: 'GET /chat-session/s1/messages',
      field: '0.sentAt',
    });
    expect(error.message).toContain('GET /chat-session/s1/messages');
  });

  it('carries the server error body and its message', async () => {
    server.use(
      mswHttp.post(`${BASE}/auth/login-otp`, () =>
        HttpResponse.json(
          { statusCode: 400, message: 'Invalid verification code', code: 'INVALID_CODE' },
          { status: 400 },
        ),
      ),
    );
    const error = await loginWithCode({ email: 'a@b.test', code: '000000' }).catch((e) => e);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'INVALID_CODE',
      message: 'Invalid verification code',
    });
  });

  it("says when a refused call may be made again: the body's retryAfter, else the Retry-After header", async () => {
    const tooMany = (body: object, headers?: Record<string, string>) =>
      server.use(
        mswHttp.post(`${BASE}/auth/send-code`, () =>
          HttpResponse.json({ statusCode: 429, message: 'Slow down', ...body }, { status: 429, headers }),
        ),
      );
    tooMany({ code: 'CODE_THROTTLED', retryAfter: 42 }, { 'retry-after': '50' });
    await expect(sendCode('a@b.test')).rejects.toMatchObject({ status: 429, retryAfter: 42 });
    tooMany({}, { 'retry-after': ' 30 ' });
    await expect(sendCode('a@b.test')).rejects.toMatchObject({ status: 429, retryAfter: 30 });
    tooMany({}, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' });
    await expect(sendCode('a@b.test')).rejects.toMatchObject({ status: 429, retryAfter: null });
  });

  it('reports a network failure as such', async () => {
    server.use(mswHttp.post(`${BASE}/auth/send-code`, () => HttpResponse.error()));
    await expect(sendCode('a@b.test')).rejects.toMatchObject({
      kind: 'network',
      endpoint: 'POST /auth/send-code',
    });
  });

  it('validates input before sending it', async () => {
    let sent = false;
    server.use(
      mswHttp.post(`${BASE}/auth/send-code`, () => {
        sent = true;
        return HttpResponse.json({ success: true });
      }),
    );
    await expect(sendCode('not-an-email')).rejects.toThrow();
    expect(sent).toBe(false);
  });
});

describe('multipart upload', () => {
  it('sends each payload field as a form field', async () => {
    signIn();
    let received: { name: string; text: string; extra: FormDataEntryValue | null } | null = null;
    server.use(
      mswHttp.post(`${BASE}/upload/file-to-knowledge`, async ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        const form = await request.formData();
        const file = form.get('file') as File;
        received = { name: file.name, text: await file.text(), extra: form.get('extra') };
        return HttpResponse.json({
          name: file.name,
          size: file.size,
          date: new Date().toISOString(),
          knowledgeFileId: 'k1',
          url: 'https://files.test/k1',
        });
      }),
    );
    const result = await uploadKnowledgeFile(new File(['hello'], 'faq.txt', { type: 'text/plain' }));
    expect(received).toEqual({ name: 'faq.txt', text: 'hello', extra: null });
    expect(result.knowledgeFileId).toBe('k1');

    await postForm('/upload/file-to-knowledge', z.unknown(), {
      file: new File(['x'], 'a.txt'),
      extra: 'v',
    });
    expect(received).toMatchObject({ extra: 'v' });
  });
});

describe('streaming GET', () => {
  const sse = (chunks: string[], init?: ResponseInit) =>
    new HttpResponse(
      new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' }, ...init },
    );

  it('asks for an event stream and parses data: and error: lines split across chunks', async () => {
    signIn('t');
    let accept: string | null = null;
    server.use(
      mswHttp.get(`${BASE}/stream`, ({ request }) => {
        accept = request.headers.get('accept');
        return sse([
          'data: {"a":1}\n\nda',
          'ta: {"b":2}\n',
          ': comment\nerror: {"message":"boom"}\n',
          'data: {"c":3}',
        ]);
      }),
    );
    const data: unknown[] = [];
    const errors: ApiError[] = [];
    await streamGet('/stream', { onData: (d) => data.push(d), onError: (e) => errors.push(e) });
    expect(accept).toBe('text/event-stream');
    expect(data).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(errors.map((e) => e.message)).toEqual(['boom']);
  });

  const read = async (chunks: string[]) => {
    server.use(mswHttp.get(`${BASE}/stream`, () => sse(chunks)));
    const data: unknown[] = [];
    const errors: ApiError[] = [];
    await streamGet('/stream', { onData: (d) => data.push(d), onError: (e) => errors.push(e) });
    return { data, errors: errors.map((e) => e.message) };
  };

  it('reads an error: line split across chunks, even inside its name', async () => {
    // A parser that drops unfinished lines of unknown fields would lose both of these.
    expect(await read(['data: {"a":1}\n\ner', 'ror: {"mess', 'age":"boom"}\n\n'])).toEqual({
      data: [{ a: 1 }],
      errors: ['boom'],
    });
    expect(await read(['data: {"a":1}\n\nerror: {"message":"last"}'])).toEqual({
      data: [{ a: 1 }],
      errors: ['last'],
    });
  });

  it('reads a character split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"é"}\n\n');
    server.use(
      mswHttp.get(
        `${BASE}/stream`,
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                // "é" is two bytes in UTF-8: cut between them.
                const cut = bytes.indexOf(0xc3) + 1;
                controller.enqueue(bytes.slice(0, cut));
                controller.enqueue(bytes.slice(cut));
                controller.close();
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    );
    const data: unknown[] = [];
    await streamGet('/stream', { onData: (d) => data.push(d), onError: () => {} });
    expect(data).toEqual([{ t: 'é' }]);
  });

  it('reads CRLF line ends, a CRLF split across chunks, and bare CR', async () => {
    expect(
      await read([
        'data: {"a":1}\r\n\r\ndata: {"b":2}\r',
        '\n\r\nerror: {"message":"boom"}\r\n\r\ndata: {"c":3}\r\rdata: 4\r',
      ]),
    ).toEqual({ data: [{ a: 1 }, { b: 2 }, { c: 3 }, 4], errors: ['boom'] });
  });

  it('a stream that ends mid-event: a whole last line counts, a cut one is reported', async () => {
    expect(await read(['data: {"a":1}\n\ndata: {"b":2}'])).toEqual({
      data: [{ a: 1 }, { b: 2 }],
      errors: [],
    });
    const cut = await read(['data: {"a":1}\n\ndata: {"b"']);
    expect(cut.data).toEqual([{ a: 1 }]);
    expect(cut.errors).toEqual(['Could not parse stream line: data: {"b"']);
  });

  it('reports a line that is not JSON and goes on', async () => {
    server.use(mswHttp.get(`${BASE}/stream`, () => sse(['data: {oops\n', 'data: 1\n'])));
    const data: unknown[] = [];
    const errors: ApiError[] = [];
    await streamGet('/stream', { onData: (d) => data.push(d), onError: (e) => errors.push(e) });
    expect(data).toEqual([1]);
    expect(errors[0]?.message).toContain('Could not parse stream line');
  });

  it('reports the status text of a non-OK answer', async () => {
    server.use(
      mswHttp.get(
        `${BASE}/stream`,
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const errors: ApiError[] = [];
    await streamGet('/stream', { onData: () => {}, onError: (e) => errors.push(e) });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ message: 'Service Unavailable', status: 503 });
  });

  it('reports a missing body as ReadableStream not supported', async () => {
    // Engines without streaming fetch answer a body of null; msw always gives a stream, so stub fetch.
    vi.stubGlobal('fetch', async () => ({ ok: true, status: 200, body: null }) as Response);
    const errors: ApiError[] = [];
    await streamGet('/stream', { onData: () => {}, onError: (e) => errors.push(e) });
    expect(errors[0]?.message).toBe('ReadableStream not supported');
  });

  it('reports a network error', async () => {
    server.use(mswHttp.get(`${BASE}/stream`, () => HttpResponse.error()));
    const errors: ApiError[] = [];
    await streamGet('/stream', { onData: () => {}, onError: (e) => errors.push(e) });
    expect(errors[0]).toMatchObject({ kind: 'network' });
  });
});
