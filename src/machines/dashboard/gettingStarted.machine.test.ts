import { beforeEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { isoNow } from '../../../mocks/clock';
import { givenChatbot, givenChatSession, givenInstance, givenUser } from '../../../mocks/fixtures';
import { BASE, withMockServer } from '../../../mocks/testing';
import { describeStateViews } from '../../../tests/stateViews';
import { configureClient, resetClient } from '../../api/client';
import { readStored, writeStored, writeUserInfo } from '../../api/storage';
import {
  allDone,
  gettingStartedModel,
  halfway,
  nothingDone,
} from '../../demo/qa/flowModels/gettingStarted.flowModel';
import { testThreadName } from '../botSettings/testChat/thread';
import {
  type GettingStartedProgress,
  gettingStartedMachine,
  gettingStartedName,
  isComplete,
  loadProgress,
} from './gettingStarted.machine';

type Snap = SnapshotFrom<typeof gettingStartedMachine>;
/** Waits until the progress has been read (or failed to be), with a ceiling only a hang reaches. */
const answered = (actor: AnyActorRef) =>
  waitFor(actor, (s: Snap) => !s.matches('checking') && !s.matches('reloading'), { timeout: 10_000 });

/** The checklist with stand-in progress answers, one per read, the last one repeated. */
function start(answers: Array<GettingStartedProgress | Error>, returning = false) {
  const queue = [...answers];
  let reads = 0;
  const actor = createActor(
    gettingStartedMachine.provide({
      actors: {
        loadProgress: fromPromise(async () => {
          reads++;
          const next = queue.length > 1 ? queue.shift() : queue[0];
          if (next instanceof Error) throw next;
          return next as GettingStartedProgress;
        }),
      },
    }),
    { input: { userId: 'u-new', returning } },
  ).start();
  return { actor, reads: () => reads, snap: () => actor.getSnapshot() };
}

describe('getting started', () => {
  it('shows a new account what is left, and ticks what it has done when read again', async () => {
    const t = start([nothingDone, halfway]);
    await answered(t.actor);
    expect(t.snap().hasTag('shown')).toBe(true);
    expect(t.snap().context.progress).toEqual(nothingDone);
    t.actor.send({ type: 'gettingStarted.reload' });
    // The list stays while it is read again.
    expect(t.snap().hasTag('shown')).toBe(true);
    await answered(t.actor);
    expect(t.snap().value).toBe('showing');
    expect(t.snap().context.progress).toEqual(halfway);
  });

  it('says when everything is done, and is gone for good once closed', async () => {
    const t = start([halfway, allDone]);
    await answered(t.actor);
    t.actor.send({ type: 'gettingStarted.reload' });
    await answered(t.actor);
    expect(t.snap().hasTag('finished')).toBe(true);
    t.actor.send({ type: 'gettingStarted.dismissed' });
    expect(t.snap().value).toBe('closed');
  });

  it('never shows for an account that has done everything already', async () => {
    const t = start([allDone]);
    await answered(t.actor);
    expect(t.snap().value).toBe('closed');
    expect(t.reads()).toBe(1);
  });

  it('asks nothing of a returning user', () => {
    const t = start([nothingDone], true);
    expect(t.snap().value).toBe('closed');
    expect(t.reads()).toBe(0);
  });

  it('hides itself when the progress cannot be read, and asks again on the next refresh', async () => {
    const t = start([new Error('offline'), halfway]);
    await answered(t.actor);
    expect(t.snap().value).toBe('hidden');
    expect(t.snap().hasTag('shown')).toBe(false);
    t.actor.send({ type: 'gettingStarted.reload' });
    await answered(t.actor);
    expect(t.snap().context.progress).toEqual(halfway);
  });

  it('is complete only with every step', () => {
    expect(isComplete(allDone)).toBe(true);
    expect(isComplete({ ...allDone, conversation: false })).toBe(false);
  });
});

describe('getting started: remembered in this browser, per user', () => {
  it('remembers a list put away, and the next visit asks nothing', async () => {
    const t = start([halfway]);
    await answered(t.actor);
    t.actor.send({ type: 'gettingStarted.dismissed' });
    expect(readStored(gettingStartedName('u-new'))).toBe('dismissed');
    const again = createActor(gettingStartedMachine, { input: { userId: 'u-new' } }).start();
    expect(again.getSnapshot().value).toBe('closed');
    expect(again.getSnapshot().context.returning).toBe(true);
  });

  it('remembers a list finished on screen as done, and one done before it ever showed', async () => {
    const t = start([halfway, allDone]);
    await answered(t.actor);
    t.actor.send({ type: 'gettingStarted.reload' });
    await answered(t.actor);
    expect(readStored(gettingStartedName('u-new'))).toBe('done');
    writeStored(gettingStartedName('u-new'), null);
    await answered(start([allDone]).actor);
    expect(readStored(gettingStartedName('u-new'))).toBe('done');
  });

  it('keeps each user apart, and takes no unknown stored value as a reason to stay away', () => {
    writeStored(gettingStartedName('u-other'), 'dismissed');
    writeStored(gettingStartedName('u-new'), 'maybe');
    const fresh = createActor(gettingStartedMachine, { input: { userId: 'u-new' } });
    expect(fresh.getSnapshot().context.returning).toBe(false);
    expect(gettingStartedName(null)).toBe('getting-started-anonymous');
  });
});

describe("what the account has done, read from the spec's calls (against the mock backend)", () => {
  withMockServer();
  beforeEach(() => {
    resetClient();
    configureClient({ baseURL: BASE });
  });
  const signIn = async (id: string) => {
    const user = await givenUser({ id, email: `${id}@m.test`, token: `tok-${id}` });
    writeUserInfo({ accessToken: user.token, id: user.id, userId: user.id });
  };
  const read = (userId: string | null) => loadProgress(userId, new AbortController().signal);
  const none = { bot: false, test: false, number: false, conversation: false };

  it('reads nothing done on a new account', async () => {
    await signIn('u-fresh');
    expect(await read('u-fresh')).toEqual(none);
  });

  it('a bot counts, and its test once its test thread is kept in this browser', async () => {
    await signIn('u-bot');
    const bot = await givenChatbot('u-bot', { name: 'Ava' });
    expect(await read('u-bot')).toEqual({ ...none, bot: true });
    writeStored(testThreadName(bot.id), 'thread-1');
    expect(await read('u-bot')).toEqual({ ...none, bot: true, test: true });
    // Without a user, the caller's own list (GET /chatbots) says the same.
    expect(await read(null)).toEqual({ ...none, bot: true, test: true });
  });

  it('a number counts once connected, or once it has been active, not while it waits for its code', async () => {
    await signIn('u-num');
    await givenInstance('u-num', { instanceStatus: 'qr', lastActiveAt: null });
    expect((await read('u-num')).number).toBe(false);
    await givenInstance('u-num', { instanceStatus: 'authenticated', lastActiveAt: null });
    expect((await read('u-num')).number).toBe(true);
    await signIn('u-was');
    await givenInstance('u-was', { instanceStatus: 'close', lastActiveAt: isoNow() });
    expect((await read('u-was')).number).toBe(true);
  });

  it('customers who wrote today count as the first conversation, and as the bot tested', async () => {
    await signIn('u-talk');
    await givenChatSession('u-talk', { createdAt: isoNow() });
    expect(await read('u-talk')).toEqual({ ...none, test: true, conversation: true });
  });

  it('customers who wrote only yesterday count too', async () => {
    await signIn('u-yday');
    await givenChatSession('u-yday', {
      createdAt: new Date(Date.parse(isoNow()) - 86_400_000).toISOString(),
    });
    expect(await read('u-yday')).toEqual({ ...none, test: true, conversation: true });
  });
});

describeStateViews(gettingStartedModel, {
  deciding: {},
  checking: { runs: { loadProgress: (input: { userId: string }) => expect(input.userId).toBeTruthy() } },
  showing: {
    tags: ['shown'],
    enabled: ['gettingStarted.dismissed', 'gettingStarted.reload'],
    shows: (s: Snap) => {
      expect(s.context.progress).not.toBeNull();
      expect(isComplete(s.context.progress as GettingStartedProgress)).toBe(false);
    },
  },
  reloading: {
    tags: ['shown', 'loading'],
    enabled: ['gettingStarted.dismissed'],
    runs: { loadProgress: () => {} },
  },
  finished: {
    tags: ['shown', 'finished'],
    enabled: ['gettingStarted.dismissed'],
    shows: (s: Snap) => expect(s.context.progress).toEqual(allDone),
  },
  hidden: { enabled: ['gettingStarted.reload'], shows: (s: Snap) => expect(s.hasTag('shown')).toBe(false) },
  closed: { shows: (s: Snap) => expect(s.hasTag('shown')).toBe(false) },
});
