import { beforeEach, describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  assign,
  createActor,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
  setup,
  waitFor,
} from 'xstate';
import { givenChatSession, givenUser } from '../../../mocks/fixtures';
import { BASE, withMockServer } from '../../../mocks/testing';
import { settle } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import { configureClient, resetClient } from '../../api/client';
import { writeUserInfo } from '../../api/storage';
import { liveMessage, liveModel, liveSession } from '../../demo/qa/flowModels/live.flowModel';
import { streamBroken } from '../../demo/qa/flowModels/liveConnection.flowModel';
import {
  LIVE_POLL_ONLY_MS,
  type LiveEventIn,
  type LiveParentEvent,
  type LivePollResult,
  liveMachine,
  liveMessages,
} from './live.machine';

type Snap = SnapshotFrom<typeof liveMachine>;

/**
 * The machine as the chat history runs it (a child whose events the parent records), with polls the test
 * answers. The app's connection is played by the test: it sends what a listener would pass on.
 */
function started(watched: string | null = 'sess-a') {
  const clock = new SimulatedClock();
  const polls: {
    watched: string | null;
    resolve: (r: LivePollResult) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const logic = liveMachine.provide({
    actors: {
      poll: fromPromise<LivePollResult, { watched: string | null }>(
        ({ input }) =>
          new Promise((resolve, reject) => polls.push({ watched: input.watched, resolve, reject })),
      ),
    },
  });
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
    polls,
    tell: (event: LiveEventIn) => live.send(event),
    told: () => history.getSnapshot().context.told,
    snap: () => live.getSnapshot() as Snap,
  };
}

const down = (retryInMs: number) => ({ type: 'live.status', status: 'down', retryInMs }) as const;

describe('live updates in the chat history', () => {
  it('passes on each conversation and message the connection tells, and no instance', () => {
    const { tell, told, snap } = started();
    expect(snap().hasTag('connecting')).toBe(true);
    tell({ type: 'live.status', status: 'open' });
    expect(snap().hasTag('live')).toBe(true);
    tell({ type: 'live.session', session: liveSession });
    tell({ type: 'live.message', sessionId: 'sess-a', message: liveMessage });
    tell({ type: 'live.instance', instance: { id: 'i-1', name: 'Desk', status: 0 } });
    expect(told()).toEqual([
      { type: 'live.session', session: liveSession },
      { type: 'live.message', sessionId: 'sess-a', message: liveMessage },
    ]);
    expect(snap().context.notice).toBeNull();
  });

  it('says quietly that the connection is down and how often it checks, until it is open again', () => {
    const { tell, snap } = started();
    tell(down(5_000));
    expect(snap().hasTag('degraded')).toBe(true);
    expect(snap().context.notice).toEqual(liveMessages.interrupted(5));
    tell(down(20_000));
    expect(snap().context.notice).toEqual(liveMessages.interrupted(20));
    // Trying again: the notice stays until the stream works.
    tell({ type: 'live.status', status: 'connecting' });
    expect(snap().context.notice).toEqual(liveMessages.interrupted(20));
    tell({ type: 'live.status', status: 'open' });
    expect(snap().context.notice).toBeNull();
  });

  it('polls when the connection says to catch up, and tells what the poll found', async () => {
    const { tell, polls, told, snap } = started();
    tell(down(5_000));
    expect(polls).toHaveLength(0);
    tell({ type: 'live.watched', sessionId: 'sess-b' });
    tell({ type: 'live.catchUp' });
    expect(snap().hasTag('polling')).toBe(true);
    expect(polls.map((p) => p.watched)).toEqual(['sess-b']);
    polls[0]?.resolve({ sessions: [liveSession], messages: [liveMessage] });
    await settle();
    expect(told()).toEqual([
      { type: 'live.session', session: liveSession },
      { type: 'live.message', sessionId: 'sess-b', message: liveMessage },
    ]);
    expect(snap().hasTag('polling')).toBe(false);
  });

  it('reads no messages when no conversation is open, and keeps going when a poll fails', async () => {
    const { tell, polls, told, snap } = started(null);
    tell({ type: 'live.catchUp' });
    expect(polls.map((p) => p.watched)).toEqual([null]);
    polls[0]?.reject(streamBroken);
    await settle();
    expect(told()).toEqual([]);
    expect(snap().hasTag('polling')).toBe(false);
    tell({ type: 'live.catchUp' });
    polls[1]?.resolve({ sessions: [liveSession], messages: null });
    await settle();
    expect(told()).toEqual([{ type: 'live.session', session: liveSession }]);
  });

  it('against a server without the stream, polls every 30 s and says so once', async () => {
    const { tell, polls, clock, snap } = started();
    tell({ type: 'live.status', status: 'unavailable' });
    expect(snap().hasTag('pollingOnly')).toBe(true);
    expect(snap().context.notice).toEqual(liveMessages.pollingOnly(30));
    clock.increment(LIVE_POLL_ONLY_MS - 1);
    expect(polls).toHaveLength(0);
    clock.increment(1);
    expect(polls).toHaveLength(1);
    polls[0]?.resolve({ sessions: [], messages: [] });
    await settle();
    clock.increment(LIVE_POLL_ONLY_MS);
    expect(polls).toHaveLength(2);
  });

  it('ends every timer and poll when the screen is left', () => {
    const { tell, history, clock, polls } = started();
    tell({ type: 'live.status', status: 'unavailable' });
    history.stop();
    clock.increment(10 * LIVE_POLL_ONLY_MS);
    expect(polls).toHaveLength(0);
  });
});

describe('live updates in the chat history, polling the mock backend', () => {
  withMockServer();
  beforeEach(async () => {
    resetClient();
    configureClient({ baseURL: BASE });
    await givenUser({ id: 'u-poll', email: 'poll@m.test', token: 'tok-poll', planName: 'Starter' });
    writeUserInfo({ accessToken: 'tok-poll', id: 'u-poll', userId: 'u-poll' });
  });

  /** The live machine with its real poll, in a stand-in chat history that records what it is told. */
  function polling(watched: string | null) {
    const history = createActor(
      setup({
        types: { context: {} as { told: LiveParentEvent[] }, events: {} as LiveParentEvent },
        actors: { live: liveMachine },
      }).createMachine({
        context: { told: [] },
        invoke: { id: 'live', src: 'live', input: { watched } },
        on: { '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) } },
      }),
    ).start();
    const live = history.getSnapshot().children.live as AnyActorRef;
    return { history, live, told: () => history.getSnapshot().context.told };
  }

  it("reads today's conversations and the open conversation's messages on a catch-up", async () => {
    const today = await givenChatSession('u-poll', { id: 'sess-today', messages: [{ content: 'Hello' }] });
    const run = polling(today.id);
    run.live.send({ type: 'live.catchUp' });
    await waitFor(run.history, (s) => s.context.told.length >= 2, { timeout: 10_000 });
    expect(run.told().map((e) => e.type)).toEqual(['live.session', 'live.message']);
    expect(run.told()[0]).toMatchObject({ session: { id: 'sess-today' } });
    expect(run.told()[1]).toMatchObject({ sessionId: 'sess-today', message: { content: 'Hello' } });
    run.history.stop();
  });

  it('reads no messages when no conversation is open', async () => {
    await givenChatSession('u-poll', { id: 'sess-only', messages: [{ content: 'Hi' }] });
    const run = polling(null);
    run.live.send({ type: 'live.catchUp' });
    await waitFor(run.live, (s) => !s.hasTag('polling'), { timeout: 10_000 });
    expect(run.told().map((e) => e.type)).toEqual(['live.session']);
    run.history.stop();
  });
});

describeStateViews(liveModel, {
  '*': {
    // An instance is not the chat history's business: never handled.
    enabled: ['live.watched', 'live.status', 'live.session', 'live.message', 'live.handling'],
    runs: { liveListener: () => {} },
  },
  connection: {},
  'connection.connecting': { tags: ['connecting'] },
  'connection.open': { tags: ['live'], shows: (s: Snap) => expect(s.context.notice).toBeNull() },
  'connection.down': {
    tags: ['degraded'],
    shows: (s: Snap) => expect(s.context.notice).toEqual(liveMessages.interrupted(5)),
  },
  'connection.unavailable': {
    tags: ['pollingOnly'],
    shows: (s: Snap) => expect(s.context.notice).toEqual(liveMessages.pollingOnly(30)),
  },
  catchUp: {},
  'catchUp.idle': { enabled: ['live.catchUp'] },
  'catchUp.checking': {
    tags: ['polling'],
    runs: {
      poll: (input: { watched: string | null }, s: Snap) => expect(input.watched).toBe(s.context.watched),
    },
  },
});
