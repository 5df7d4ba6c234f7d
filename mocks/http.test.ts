// @vitest-environment node
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDb } from './db';
import {
  corsOriginsFromEnv,
  isAllowedOrigin,
  MAX_BODY_BYTES,
  type MockHttpServer,
  startMockHttpServer,
} from './http';
import { DEMO_OWNER, seedDemo } from './seed';

// Real HTTP on 127.0.0.1; no msw interception in this file.
let server: MockHttpServer;

beforeAll(async () => {
  await seedDemo();
  server = await startMockHttpServer();
});
afterAll(async () => {
  await server.close();
  resetDb();
});

describe('startMockHttpServer', () => {
  it('listens on 127.0.0.1 and answers the API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const me = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${DEMO_OWNER.token}`, Origin: 'http://localhost:5173' },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await me.json()).toMatchObject({ email: DEMO_OWNER.email });
  });

  it('answers CORS preflights for loopback origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/v1/chatbots`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, x-user-id',
        },
      });
    for (const origin of ['http://localhost:4173', 'http://127.0.0.1:5173', 'https://[::1]:8443']) {
      const pre = await preflight(origin);
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-headers')).toContain('x-user-id');
    }
    for (const origin of ['https://elsewhere.test', 'http://localhost.evil.test', 'null']) {
      const pre = await preflight(origin);
      expect(pre.status).toBe(403);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    }
    // A simple request from elsewhere is answered, but without the header the browser needs to read it.
    const me = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${DEMO_OWNER.token}`, Origin: 'https://elsewhere.test' },
    });
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the origins MOCK_CORS_ORIGINS lists', async () => {
    expect(corsOriginsFromEnv(' https://app.example.com/ ,https://staging.example.com')).toEqual([
      'https://app.example.com',
      'https://staging.example.com',
    ]);
    const listed = await startMockHttpServer({ corsOrigins: ['https://app.example.com'] });
    try {
      const pre = await fetch(`${listed.url}/api/v1/chatbots`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'POST' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    } finally {
      await listed.close();
    }
    expect(isAllowedOrigin('https://other.example.com', ['*'])).toBe(true);
    expect(isAllowedOrigin('https://other.example.com', ['https://app.example.com'])).toBe(false);
  });

  it('refuses a body over 25 MB with 413, declared or streamed', async () => {
    const auth = { Authorization: `Bearer ${DEMO_OWNER.token}`, 'Content-Type': 'application/octet-stream' };
    const url = `${server.url}/api/v1/upload/file-to-knowledge`;
    const declared = await fetch(url, {
      method: 'POST',
      headers: auth,
      body: new Uint8Array(MAX_BODY_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const streamed = await fetch(url, {
      method: 'POST',
      headers: auth,
      duplex: 'half',
      body: new ReadableStream({
        pull(controller) {
          if (sent > MAX_BODY_BYTES) controller.close();
          else {
            sent += chunk.length;
            controller.enqueue(chunk);
          }
        },
      }),
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('passes bodies through, JSON and multipart', async () => {
    const auth = { Authorization: `Bearer ${DEMO_OWNER.token}` };
    const search = await fetch(`${server.url}/api/v1/chat-session/search`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ filter: 3 }),
    });
    expect(search.status).toBe(200);
    expect(Array.isArray(await search.json())).toBe(true);

    const form = new FormData();
    form.append('file', new File(['hello'], 'faq.txt', { type: 'text/plain' }));
    const upload = await fetch(`${server.url}/api/v1/upload/file-to-knowledge`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(await upload.json()).toMatchObject({ name: 'faq.txt', size: 5 });
  });

  it('answers 404 JSON for anything without a handler, and 401 without a token', async () => {
    const missing = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await fetch(`${server.url}/api/v1/chatbots`)).status).toBe(401);
  });

  it('drops the connection in the offline scenario', async () => {
    const offline = await startMockHttpServer({ scenario: 'offline' });
    try {
      await expect(fetch(`${offline.url}/api/v1/users/me`)).rejects.toThrow();
    } finally {
      await offline.close();
    }
  });
});

describe('event streams', () => {
  it('writes each event as it is produced, and cancels the stream when the client leaves', async () => {
    const push: { next?: () => void } = {};
    let cancelled = false;
    const stream = await startMockHttpServer({
      handlers: [
        http.get('*/api/v1/events/stream', () => {
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('data: {"type":"ping"}\n\n'));
              push.next = () => controller.enqueue(new TextEncoder().encode('data: {"type":"next"}\n\n'));
            },
            cancel() {
              cancelled = true;
            },
          });
          return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
        }),
      ],
    });
    try {
      const leave = new AbortController();
      const answer = await fetch(`${stream.url}/api/v1/events/stream`, { signal: leave.signal });
      const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      // The first event arrives while the stream is still open: nothing waits for its end.
      expect(decoder.decode((await reader.read()).value)).toBe('data: {"type":"ping"}\n\n');
      push.next?.();
      expect(decoder.decode((await reader.read()).value)).toBe('data: {"type":"next"}\n\n');
      leave.abort();
      await expect.poll(() => cancelled).toBe(true);
    } finally {
      await stream.close();
    }
  });
});
