// @vitest-environment node
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenChatSession, givenInstance, givenUser } from '../../mocks/fixtures';
import {
  givenInstanceStatus,
  givenLiveMessage,
  givenNextLiveStream,
  liveHandlers,
  openLiveStreams,
} from '../../mocks/handlers/live';
import { server, switchScenario } from '../../mocks/node';
import { BASE, call, withMockServer } from '../../mocks/testing';
import { installMemoryStorage } from '../../tests/memoryStorage';
import { configureClient, resetClient } from './client';
import type { ApiError } from './errors';
import { streamLiveEvents } from './live';
import type { LiveEvent } from './schemas/live';
import { writeUserInfo } from './storage';

installMemoryStorage();
withMockServer();

const USER = 'user-live';
const TOKEN = 'token-live';
beforeEach(async () => {
  // Until mocks/handlers.ts lists them, the live handlers are put in front here.
  server.use(...liveHandlers);
  resetClient();
  configureClient({ baseURL: BASE });
  await givenUser({ id: USER, email: 'live@b.test', token: TOKEN, planName: 'Starter' });
  writeUserInfo({ accessToken: TOKEN, id: USER, userId: USER });
});

const STREAM = `${BASE}/events/stream`;
const line = (field: 'data' | 'error', payload: unknown) => `${field}: ${JSON.stringify(payload)}\n\n`;
const sse = (body: string, { breakOff = false } = {}) =>
  new HttpResponse(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        if (breakOff) controller.error(new TypeError('socket hang up'));
        else controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );

const turn = () => new Promise((resolve) => setImmediate(resolve));
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await turn();
  expect(check()).toBe(true);
}

/** Opens the stream, collecting events; `stop` aborts it and tells how it ended. */
function open() {
  const events: LiveEvent[] = [];
  const malformed: number[] = [];
  const controller = new AbortController();
  const ended = streamLiveEvents({
    onEvent: (e) => events.push(e),
    onMalformed: (n) => malformed.push(n),
    signal: controller.signal,
  }).then(
    () => null,
    (e: ApiError) => e,
  );
  return { events, malformed, ended, stop: () => controller.abort() };
}

const message = { id: 'm-1', content: 'Hi', sender: 'user', sentAt: '2026-11-24T10:00:00.000Z' };

describe('the live event stream', () => {
  it('tells a heartbeat at once, then new messages as they are stored, and closes on abort', async () => {
    const session = await givenChatSession(USER, { id: 'sess-1', messages: [{ content: 'Hello' }] });
    const s = open();
    await until(() => s.events.length === 1);
    expect(s.events[0]).toEqual({ type: 'ping' });
    expect(openLiveStreams(USER)).toBe(1);

    const told = await givenLiveMessage(USER, { sessionId: session.id, content: 'Is it in stock?' });
    await until(() => s.events.length === 2);
    expect(s.events[1]).toEqual({ type: 'message', sessionId: 'sess-1', message: told });
    // The messages call agrees with what the stream told.
    const answer = await call('GET', '/chat-session/sess-1/messages', { token: TOKEN });
    expect(answer.body.at(-1)).toEqual(told);

    s.stop();
    expect(await s.ended).toMatchObject({ kind: 'aborted' });
    await until(() => openLiveStreams(USER) === 0);
  });

  it('tells a new conversation before its first message, and the search lists it', async () => {
    const s = open();
    await until(() => s.events.length === 1);
    const told = await givenLiveMessage(USER, { fromNumber: '447700900123@c.us', content: 'Wrong size' });
    await until(() => s.events.length === 3);
    const [, session, first] = s.events;
    expect(session).toMatchObject({
      type: 'session',
      session: { fromNumber: '447700900123@c.us', messages: [told] },
    });
    expect(first).toMatchObject({ type: 'message', message: told });
    const search = await call('POST', '/chat-session/search', { token: TOKEN, body: { filter: 1 } });
    expect(search.body[0]).toMatchObject({ fromNumber: '447700900123@c.us' });
    s.stop();
    await s.ended;
  });

  it('continues a contact’s conversation when the contact writes again, rather than starting another', async () => {
    const first = await givenLiveMessage(USER, { fromNumber: '447700900123@c.us', content: 'Wrong size' });
    const s = open();
    await until(() => s.events.length === 1);
    const again = await givenLiveMessage(USER, { fromNumber: '447700900123@c.us', content: 'Any news?' });
    await until(() => s.events.length === 2);
    const search = await call('POST', '/chat-session/search', { token: TOKEN, body: { filter: 1 } });
    const theirs = search.body.filter((x: { fromNumber: string }) => x.fromNumber === '447700900123@c.us');
    expect(theirs).toHaveLength(1);
    expect(s.events[1]).toEqual({ type: 'message', sessionId: theirs[0].id, message: again });
    expect(theirs[0].messages).toEqual([first]);
    s.stop();
    await s.ended;
  });

  it("tells an instance's new status to its owner only", async () => {
    await givenUser({ id: 'other', email: 'other@b.test', token: 'other-token', planName: 'Starter' });
    const mine = await givenInstance(USER, { status: 1, instanceName: 'Front desk' });
    const theirs = await givenInstance('other', { status: 1 });
    const s = open();
    await until(() => s.events.length === 1);
    await givenInstanceStatus(theirs.id, 'offline');
    await givenInstanceStatus(mine.id, 'offline');
    await until(() => s.events.length === 2);
    expect(s.events[1]).toEqual({
      type: 'instance',
      instance: { id: mine.id, name: 'Front desk', status: 0 },
    });
    const detail = await call('GET', '/whatsapp/list', { token: TOKEN });
    expect(detail.body[0]).toMatchObject({ id: mine.id, status: 0 });
    expect(await givenInstanceStatus('inst-unknown', 'online')).toBe(false);
    s.stop();
    await s.ended;
  });

  it('resolves when the server ends the stream, after what it held', async () => {
    givenNextLiveStream(USER);
    await givenLiveMessage(USER, { fromNumber: '85291234567@c.us', content: '請問可以送貨到香港嗎？' });
    const s = open();
    expect(await s.ended).toBeNull();
    expect(s.events.map((e) => e.type)).toEqual(['ping', 'session', 'message']);
  });

  it('skips unknown types and counts malformed events, never failing for them', async () => {
    server.use(
      http.get(STREAM, () =>
        sse(
          line('data', { type: 'ping' }) +
            line('data', { type: 'typing', sessionId: 's' }) +
            line('data', { type: 'message', sessionId: 's' }) +
            'data: {not json\n\n' +
            line('data', ['no type']) +
            line('data', { type: 'message', sessionId: 's', message, extra: true }),
        ),
      ),
    );
    const s = open();
    expect(await s.ended).toBeNull();
    expect(s.events).toEqual([{ type: 'ping' }, { type: 'message', sessionId: 's', message, extra: true }]);
    expect(s.malformed).toEqual([1, 2, 3]);
  });

  it("fails on the server's error line, a non-OK answer and a broken connection", async () => {
    server.use(
      http.get(STREAM, () => sse(line('data', { type: 'ping' }) + line('error', { message: 'Down' }))),
    );
    expect(await open().ended).toMatchObject({ kind: 'http', message: 'Down' });
    server.use(http.get(STREAM, () => HttpResponse.json({ message: 'no' }, { status: 503 })));
    expect(await open().ended).toMatchObject({ kind: 'http', status: 503 });
    server.use(http.get(STREAM, () => sse(line('data', { type: 'ping' }), { breakOff: true })));
    expect(await open().ended).toMatchObject({ kind: 'network' });
  });

  it('answers as the scenarios say (offline, server error) and refuses a stranger', async () => {
    switchScenario('server-error');
    expect(await open().ended).toMatchObject({ kind: 'http', status: 500 });
    server.resetHandlers(...liveHandlers);
    switchScenario('offline');
    expect(await open().ended).toMatchObject({ kind: 'network' });
    server.resetHandlers(...liveHandlers);
    const stranger = await fetch(STREAM, { headers: { Authorization: 'Bearer nobody' } });
    expect(stranger.status).toBe(401);
  });
});
