import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  assign,
  createActor,
  type EventObject,
  fromCallback,
  SimulatedClock,
  type SnapshotFrom,
  setup,
  waitFor,
} from 'xstate';
import { givenChatSession, givenUser } from '../../../../mocks/fixtures';
import { givenLiveMessage, liveHandlers, openLiveStreams } from '../../../../mocks/handlers/live';
import { server } from '../../../../mocks/node';
import { BASE, withMockServer } from '../../../../mocks/testing';
import { installMemoryStorage } from '../../../../tests/memoryStorage';
import { describeStateViews } from '../../../../tests/stateViews';
import { configureClient, resetClient } from '../../../api/client';
import { writeUserInfo } from '../../../api/storage';
import {
  liveConnectionModel,
  liveMessage,
  liveSession,
  streamBroken,
} from '../../../demo/qa/flowModels/liveConnection.flowModel';
import { notOfferedError } from '../../model';
import { SYSTEM_IDS } from '../../system';
import {
  LIVE_RESUME_DELAY_MS,
  LIVE_RETRY_DELAYS_MS,
  LIVE_SILENCE_MS,
  type LiveConnectionEvent,
  type LiveNews,
  liveConnectionMachine,
  retryDelay,
} from './liveConnection.machine';
import { liveListener } from './liveListener';

type Snap = SnapshotFrom<typeof liveConnectionMachine>;

/** The connection with streams the test drives. */
function withFakeStreams() {
  const streams: { send: (e: LiveConnectionEvent) => void; closed: boolean }[] = [];
  const logic = liveConnectionMachine.provide({
    actors: {
      liveStream: fromCallback<EventObject>(({ sendBack }) => {
        const stream = { send: sendBack as (e: LiveConnectionEvent) => void, closed: false };
        streams.push(stream);
        return () => {
          stream.closed = true;
        };
      }),
    },
    actions: { logFailure: () => {} },
  });
  return { logic, streams };
}

/** The connection started, and what it told its listeners. */
function started() {
  const clock = new SimulatedClock();
  const { logic, streams } = withFakeStreams();
  const actor = createActor(logic, { clock });
  const heard: LiveNews[] = [];
  actor.on('*', (news) => heard.push(news));
  actor.start();
  return { clock, actor, streams, heard, snap: () => actor.getSnapshot() as Snap };
}

const ping = { type: 'stream.event', event: { type: 'ping' } } as const;
const statuses = (heard: LiveNews[]) => heard.filter((n) => n.type === 'live.status');

describe('the live connection', () => {
  it('opens one stream and tells its listeners each conversation, message and instance, not the heartbeats', () => {
    const { streams, snap, heard } = started();
    expect(streams).toHaveLength(1);
    expect(snap().value).toEqual({ streaming: 'connecting' });
    const stream = streams[0];
    stream?.send(ping);
    expect(snap().value).toEqual({ streaming: 'open' });
    stream?.send({ type: 'stream.event', event: { type: 'session', session: liveSession } });
    stream?.send({
      type: 'stream.event',
      event: { type: 'message', sessionId: 'sess-a', message: liveMessage },
    });
    stream?.send({
      type: 'stream.event',
      event: { type: 'instance', instance: { id: 'i-1', name: 'Desk', status: 0 } },
    });
    stream?.send(ping);
    expect(heard).toEqual([
      { type: 'live.status', status: 'connecting' },
      { type: 'live.status', status: 'open' },
      { type: 'live.session', session: liveSession },
      { type: 'live.message', sessionId: 'sess-a', message: liveMessage },
      { type: 'live.instance', instance: { id: 'i-1', name: 'Desk', status: 0 } },
    ]);
    stream?.send({ type: 'stream.malformed', count: 2 });
    expect(snap().context.malformed).toBe(2);
    expect(streams).toHaveLength(1);
  });

  it('counts a silent line as lost, waits, tells its listeners to catch up, then tries again', () => {
    const { streams, snap, heard, clock } = started();
    streams[0]?.send(ping);
    clock.increment(LIVE_SILENCE_MS - 1);
    expect(snap().value).toEqual({ streaming: 'open' });
    streams[0]?.send(ping);
    clock.increment(LIVE_SILENCE_MS - 1);
    expect(snap().value).toEqual({ streaming: 'open' });
    clock.increment(1);
    expect(snap().value).toBe('down');
    expect(streams[0]?.closed).toBe(true);
    expect(heard.at(-1)).toEqual({ type: 'live.status', status: 'down', retryInMs: 5_000 });
    // No new attempt, and nothing to catch up on, before the wait is over.
    clock.increment((LIVE_RETRY_DELAYS_MS[0] as number) - 1);
    expect(streams).toHaveLength(1);
    heard.length = 0;
    clock.increment(1);
    expect(heard).toEqual([{ type: 'live.catchUp' }, { type: 'live.status', status: 'connecting' }]);
    expect(streams).toHaveLength(2);
    expect(snap().context.attempt).toBe(1);
    streams[1]?.send(ping);
    expect(snap().context.attempt).toBe(0);
    expect(heard.at(-1)).toEqual({ type: 'live.status', status: 'open' });
  });

  it('waits longer after each failure in a row, up to a minute', () => {
    const { streams, heard, clock } = started();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      streams.at(-1)?.send({ type: 'stream.failed', error: streamBroken });
      const before = streams.length;
      let waited = 0;
      while (streams.length === before) {
        clock.increment(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    // Each time, the listeners were told how long the wait is.
    expect(
      statuses(heard)
        .filter((s) => s.status === 'down')
        .map((s) => (s.status === 'down' ? s.retryInMs : 0)),
    ).toEqual(waits);
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelay)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('reopens a stream the server ended after a moment, telling its listeners to catch up, with no failure', () => {
    const { streams, snap, clock, heard } = started();
    streams[0]?.send(ping);
    streams[0]?.send({ type: 'stream.ended' });
    expect(snap().value).toBe('resuming');
    expect(heard.at(-1)).toEqual({ type: 'live.status', status: 'connecting' });
    clock.increment(LIVE_RESUME_DELAY_MS - 1);
    expect(streams).toHaveLength(1);
    clock.increment(1);
    expect(heard.slice(-2)).toEqual([
      { type: 'live.catchUp' },
      { type: 'live.status', status: 'connecting' },
    ]);
    expect(streams).toHaveLength(2);
    expect(snap().context.attempt).toBe(0);
  });

  it('counts a stream that ends before saying anything as a failure (no reconnecting in a loop)', () => {
    const { streams, snap } = started();
    streams[0]?.send({ type: 'stream.ended' });
    expect(snap().value).toBe('down');
    expect(snap().context.attempt).toBe(1);
  });

  it('against a server without the stream, says so once and never asks again', () => {
    const { streams, snap, clock, heard } = started();
    streams[0]?.send({ type: 'stream.failed', error: notOfferedError('GET /events/stream') });
    expect(snap().value).toBe('unavailable');
    expect(heard.at(-1)).toEqual({ type: 'live.status', status: 'unavailable' });
    clock.increment(60 * 60_000);
    expect(streams).toHaveLength(1);
  });

  it('answers a listener that asks how it stands, in every state, and it alone', () => {
    const { actor, streams, heard, clock } = started();
    const answers: EventObject[] = [];
    const asker = createActor(
      fromCallback<EventObject>(({ receive }) => receive((answer) => answers.push(answer))),
    ).start();
    const ask = () => {
      const told = heard.length;
      actor.send({ type: 'live.ask', replyTo: asker });
      expect(heard).toHaveLength(told);
      return answers.at(-1);
    };
    expect(ask()).toEqual({ type: 'live.status', status: 'connecting' });
    streams[0]?.send(ping);
    expect(ask()).toEqual({ type: 'live.status', status: 'open' });
    streams[0]?.send({ type: 'stream.ended' });
    expect(ask()).toEqual({ type: 'live.status', status: 'connecting' });
    clock.increment(LIVE_RESUME_DELAY_MS);
    streams[1]?.send({ type: 'stream.failed', error: streamBroken });
    expect(ask()).toEqual({ type: 'live.status', status: 'down', retryInMs: 5_000 });
    clock.increment(5_000);
    streams[2]?.send({ type: 'stream.failed', error: streamBroken });
    expect(ask()).toEqual({ type: 'live.status', status: 'down', retryInMs: 10_000 });
    clock.increment(10_000);
    streams[3]?.send({ type: 'stream.failed', error: notOfferedError('GET /events/stream') });
    expect(ask()).toEqual({ type: 'live.status', status: 'unavailable' });
    expect(answers).toHaveLength(6);
  });

  it('closes the stream and ends every timer when it stops', () => {
    const { actor, streams, clock } = started();
    streams[0]?.send({ type: 'stream.failed', error: streamBroken });
    actor.stop();
    clock.increment(10 * 60_000);
    expect(streams).toHaveLength(1);
    const again = started();
    again.actor.stop();
    expect(again.streams[0]?.closed).toBe(true);
  });
});

describe('a listener of the live connection', () => {
  /** An app's system with the connection under its systemId, and a flow that runs a listener. */
  function inApp() {
    const { logic, streams } = withFakeStreams();
    const clock = new SimulatedClock();
    const flow = createActor(
      setup({
        types: { context: {} as { heard: EventObject[] } },
        actors: { connection: logic, liveListener },
      }).createMachine({
        context: { heard: [] },
        invoke: { id: 'live', systemId: SYSTEM_IDS.live, src: 'connection' },
        initial: 'listening',
        states: {
          listening: {
            invoke: { id: 'listener', src: 'liveListener' },
            on: { stop: 'deaf' },
          },
          deaf: {},
        },
        on: {
          '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) },
        },
      }),
      { clock },
    );
    return { flow, streams, heard: () => flow.getSnapshot().context.heard };
  }

  it('hears how the connection stands as it starts, then its news, and nothing once its state is left', () => {
    const { flow, heard } = inApp();
    flow.start();
    const connection = flow.getSnapshot().children.live as AnyActorRef;
    expect(heard()).toContainEqual({ type: 'live.status', status: 'connecting' });
    connection.send(ping);
    connection.send({ type: 'stream.event', event: { type: 'session', session: liveSession } });
    expect(heard().slice(-2)).toEqual([
      { type: 'live.status', status: 'open' },
      { type: 'live.session', session: liveSession },
    ]);
    flow.send({ type: 'stop' });
    const before = heard().length;
    connection.send({ type: 'stream.event', event: { type: 'session', session: liveSession } });
    expect(heard()).toHaveLength(before);
  });

  it('hears nothing outside the app (no connection in its system)', () => {
    const sent: EventObject[] = [];
    const alone = createActor(
      setup({ actors: { liveListener } }).createMachine({
        invoke: { src: 'liveListener' },
        on: { '*': { actions: ({ event }) => sent.push(event) } },
      }),
    ).start();
    expect(sent).toEqual([]);
    alone.stop();
  });
});

describe('the live connection against the mock backend', () => {
  installMemoryStorage();
  withMockServer();
  beforeEach(async () => {
    server.use(...liveHandlers);
    resetClient();
    configureClient({ baseURL: BASE });
    await givenUser({ id: 'u-live', email: 'live@m.test', token: 'tok-live', planName: 'Starter' });
    writeUserInfo({ accessToken: 'tok-live', id: 'u-live', userId: 'u-live' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('tells a message written by a customer, and closes its stream when stopped', async () => {
    const session = await givenChatSession('u-live', { id: 'sess-m', messages: [{ content: 'Hello' }] });
    const actor = createActor(liveConnectionMachine);
    const heard = new Promise<LiveNews>((resolve) => actor.on('live.message', resolve));
    actor.start();
    // Waits end when the thing happens; the ceiling is for a hang.
    await waitFor(actor, (s) => s.matches({ streaming: 'open' }), { timeout: 10_000 });
    const told = await givenLiveMessage('u-live', { sessionId: session.id, content: 'Is it in stock?' });
    expect(await heard).toEqual({ type: 'live.message', sessionId: 'sess-m', message: told });
    expect(openLiveStreams('u-live')).toBe(1);
    actor.stop();
    await vi.waitFor(() => expect(openLiveStreams('u-live')).toBe(0), { timeout: 10_000, interval: 20 });
  });
});

describeStateViews(liveConnectionModel, {
  '*': { enabled: ['stream.malformed'] },
  streaming: {
    enabled: ['stream.failed'],
    runs: { liveStream: () => {} },
  },
  'streaming.connecting': { tags: ['connecting'], enabled: ['live.ask', 'stream.event', 'stream.ended'] },
  'streaming.open': {
    tags: ['live'],
    enabled: ['live.ask', 'stream.event', 'stream.ended'],
    shows: (s: Snap) => expect(s.context.attempt).toBe(0),
  },
  // The server ended a working stream: nothing counts as failed.
  resuming: {
    tags: ['connecting'],
    enabled: ['live.ask'],
    shows: (s: Snap) => expect(s.context.attempt).toBe(0),
  },
  down: {
    tags: ['down'],
    enabled: ['live.ask'],
    shows: (s: Snap) => expect(s.context.attempt).toBeGreaterThan(0),
  },
  unavailable: { tags: ['unavailable'], enabled: ['live.ask'] },
});
