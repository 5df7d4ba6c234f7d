// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  assign,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
  setup,
} from 'xstate';
import { givenChatSession, givenUser } from '../../../mocks/fixtures';
import { givenLiveMessage, liveHandlers, openLiveStreams } from '../../../mocks/handlers/live';
import { server } from '../../../mocks/node';
import { BASE, withMockServer } from '../../../mocks/testing';
import { installMemoryStorage } from '../../../tests/memoryStorage';
import { describeStateViews } from '../../../tests/stateViews';
import { configureClient, resetClient } from '../../api/client';
import { writeUserInfo } from '../../api/storage';
import { liveMessage, liveModel, liveSession, streamBroken } from './live.flowModel';
import {
  LIVE_RESUME_DELAY_MS,
  LIVE_RETRY_DELAYS_MS,
  LIVE_SILENCE_MS,
  type LiveEventIn,
  type LiveParentEvent,
  type LivePollResult,
  liveMachine,
  liveMessages,
} from './live.machine';

type Snap = SnapshotFrom<typeof liveMachine>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The streams and polls the machine opened, each driven by the test. */
function fakeServer() {
  const streams: { send: (e: LiveEventIn) => void; closed: boolean }[] = [];
  const polls: {
    watched: string | null;
    resolve: (r: LivePollResult) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const logic = liveMachine.provide({
    actors: {
      liveStream: fromCallback<EventObject>(({ sendBack }) => {
        const stream = { send: sendBack as (e: LiveEventIn) => void, closed: false };
        streams.push(stream);
        return () => {
          stream.closed = true;
        };
      }),
      poll: fromPromise<LivePollResult, { watched: string | null }>(
        ({ input }) =>
          new Promise((resolve, reject) => polls.push({ watched: input.watched, resolve, reject })),
      ),
    },
    actions: { logFailure: () => {} },
  });
  return { logic, streams, polls };
}

/** The machine as the chat history runs it: a child whose events the parent records. */
function inChatHistory(logic: typeof liveMachine, watched: string | null = 'sess-a') {
  const clock = new SimulatedClock();
  const parent = setup({
    types: { context: {} as { told: LiveParentEvent[] }, events: {} as LiveParentEvent },
    actors: { live: logic },
  }).createMachine({
    context: { told: [] },
    invoke: { id: 'live', src: 'live', input: { watched } },
    on: {
      '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) },
    },
  });
  const history = createActor(parent, { clock }).start();
  const live = history.getSnapshot().children.live as AnyActorRef;
  return {
    clock,
    history,
    live,
    told: () => history.getSnapshot().context.told,
    snap: () => live.getSnapshot() as Snap,
  };
}

function started(watched?: string | null) {
  const server = fakeServer();
  return { ...server, ...inChatHistory(server.logic, watched) };
}

const ping = { type: 'stream.event', event: { type: 'ping' } } as const;

describe('live updates', () => {
  it('opens the stream and tells the chat history each conversation, message and instance, not the heartbeats', () => {
    const { streams, snap, told } = started();
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
    expect(told()).toEqual([
      { type: 'live.session', session: liveSession },
      { type: 'live.message', sessionId: 'sess-a', message: liveMessage },
      { type: 'live.instance', instance: { id: 'i-1', name: 'Desk', status: 0 } },
    ]);
    stream?.send({ type: 'stream.malformed', count: 2 });
    expect(snap().context.malformed).toBe(2);
    expect(snap().context.notice).toBeNull();
  });

  it('counts a silent line as lost, says so quietly, polls, and tells what the poll found', async () => {
    const { streams, polls, snap, told, clock, live } = started();
    streams[0]?.send(ping);
    clock.increment(LIVE_SILENCE_MS - 1);
    expect(snap().value).toEqual({ streaming: 'open' });
    streams[0]?.send(ping);
    clock.increment(LIVE_SILENCE_MS - 1);
    expect(snap().value).toEqual({ streaming: 'open' });
    clock.increment(1);
    expect(snap().value).toEqual({ polling: 'waiting' });
    expect(streams[0]?.closed).toBe(true);
    expect(snap().hasTag('degraded')).toBe(true);
    expect(snap().context.notice).toEqual(liveMessages.interrupted(5));
    // No poll before the wait is over.
    clock.increment((LIVE_RETRY_DELAYS_MS[0] as number) - 1);
    expect(polls).toHaveLength(0);
    live.send({ type: 'live.watched', sessionId: 'sess-b' });
    clock.increment(1);
    expect(polls.map((p) => p.watched)).toEqual(['sess-b']);
    polls[0]?.resolve({ sessions: [liveSession], messages: [liveMessage] });
    await settle();
    expect(told()).toEqual([
      { type: 'live.session', session: liveSession },
      { type: 'live.message', sessionId: 'sess-b', message: liveMessage },
    ]);
    // Then the stream again; the notice stays until it works.
    expect(streams).toHaveLength(2);
    expect(snap().value).toEqual({ streaming: 'connecting' });
    expect(snap().context.notice).not.toBeNull();
    streams[1]?.send(ping);
    expect(snap().context).toMatchObject({ attempt: 0, notice: null });
  });

  it('waits longer after each failure in a row, up to a minute', async () => {
    const { streams, polls, snap, clock } = started();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      streams.at(-1)?.send({ type: 'stream.failed', error: streamBroken });
      const before = polls.length;
      let waited = 0;
      while (polls.length === before) {
        clock.increment(1000);
        waited += 1000;
      }
      waits.push(waited);
      polls.at(-1)?.resolve({ sessions: [], messages: null });
      await settle();
    }
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    expect(snap().context.notice).toEqual(liveMessages.interrupted(60));
  });

  it('keeps polling when the poll fails too, waiting longer', async () => {
    const { streams, polls, snap, clock } = started(null);
    streams[0]?.send({ type: 'stream.failed', error: streamBroken });
    clock.increment(5000);
    expect(polls.map((p) => p.watched)).toEqual([null]);
    polls[0]?.reject(streamBroken);
    await settle();
    expect(snap().value).toEqual({ polling: 'waiting' });
    expect(snap().context.attempt).toBe(2);
    clock.increment(10_000);
    expect(polls).toHaveLength(2);
  });

  it('catches up and reopens, without a notice, when the server ends a working stream', async () => {
    const { streams, polls, snap, clock, told } = started();
    streams[0]?.send(ping);
    streams[0]?.send({ type: 'stream.ended' });
    expect(snap().value).toEqual({ resuming: 'waiting' });
    expect(snap().context.notice).toBeNull();
    clock.increment(LIVE_RESUME_DELAY_MS);
    expect(polls).toHaveLength(1);
    polls[0]?.resolve({ sessions: [liveSession], messages: [] });
    await settle();
    expect(told()).toEqual([{ type: 'live.session', session: liveSession }]);
    expect(streams).toHaveLength(2);
    expect(snap().hasTag('degraded')).toBe(false);
  });

  it('counts a stream that ends before saying anything as a failure (no reconnecting in a loop)', () => {
    const { streams, snap } = started();
    streams[0]?.send({ type: 'stream.ended' });
    expect(snap().value).toEqual({ polling: 'waiting' });
    expect(snap().context.attempt).toBe(1);
  });

  it('closes the stream and ends every timer when the screen is left', () => {
    const { streams, history, clock, polls } = started();
    streams[0]?.send({ type: 'stream.failed', error: streamBroken });
    history.stop();
    clock.increment(10 * 60_000);
    expect(polls).toHaveLength(0);
    const again = started();
    again.history.stop();
    expect(again.streams[0]?.closed).toBe(true);
  });
});

describe('live updates against the mock backend', () => {
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
    const run = inChatHistory(liveMachine, session.id);
    for (let i = 0; i < 50 && !run.snap().matches({ streaming: 'open' }); i++) await settle();
    expect(run.snap().value).toEqual({ streaming: 'open' });
    const told = await givenLiveMessage('u-live', { sessionId: session.id, content: 'Is it in stock?' });
    for (let i = 0; i < 50 && run.told().length === 0; i++) await settle();
    expect(run.told()).toEqual([{ type: 'live.message', sessionId: 'sess-m', message: told }]);
    expect(openLiveStreams('u-live')).toBe(1);
    run.history.stop();
    for (let i = 0; i < 50 && openLiveStreams('u-live') > 0; i++) await settle();
    expect(openLiveStreams('u-live')).toBe(0);
  });
});

describeStateViews(liveModel, {
  '*': {
    enabled: ['live.watched', 'stream.malformed'],
    shows: (s: Snap) => {
      if (s.hasTag('pollingOnly')) expect(s.context.notice).toEqual(liveMessages.pollingOnly(30));
      else expect(s.context.notice === null).toBe(s.context.attempt === 0);
    },
  },
  streaming: {
    enabled: ['stream.failed'],
    runs: { liveStream: () => {} },
  },
  'streaming.connecting': { tags: ['connecting'], enabled: ['stream.event', 'stream.ended'] },
  'streaming.open': {
    tags: ['live'],
    enabled: ['stream.event', 'stream.ended'],
    shows: (s: Snap) => expect(s.context).toMatchObject({ attempt: 0, notice: null }),
  },
  resuming: { shows: (s: Snap) => expect(s.context.notice).toBeNull() },
  'resuming.waiting': {},
  'resuming.checking': {
    runs: {
      poll: (input: { watched: string | null }, s: Snap) => expect(input.watched).toBe(s.context.watched),
    },
  },
  polling: {
    tags: ['degraded'],
    shows: (s: Snap) => expect(s.context.attempt).toBeGreaterThan(0),
  },
  'polling.waiting': {},
  'polling.checking': {
    tags: ['polling'],
    runs: {
      poll: (input: { watched: string | null }, s: Snap) => expect(input.watched).toBe(s.context.watched),
    },
  },
  // No stream is tried again, and nothing counts as failed.
  pollingOnly: {
    tags: ['pollingOnly'],
    shows: (s: Snap) => expect(s.context.attempt).toBe(0),
  },
  'pollingOnly.waiting': {},
  'pollingOnly.checking': {
    tags: ['polling'],
    runs: {
      poll: (input: { watched: string | null }, s: Snap) => expect(input.watched).toBe(s.context.watched),
    },
  },
});
