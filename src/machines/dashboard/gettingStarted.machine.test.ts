import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import {
  allDone,
  gettingStartedModel,
  halfway,
  nothingDone,
} from '../../demo/qa/flowModels/gettingStarted.flowModel';
import { type GettingStartedProgress, gettingStartedMachine, isComplete } from './gettingStarted.machine';

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
