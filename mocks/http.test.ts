// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDb } from './db';
import { type MockHttpServer, startMockHttpServer } from './http';
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

  it('answers CORS preflights for any origin', async () => {
    const pre = await fetch(`${server.url}/api/v1/chatbots`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, x-user-id',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://elsewhere.test');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-user-id');
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
