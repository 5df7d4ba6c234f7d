import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { toastModel } from '../../../demo/qa/flowModels/toasts.flowModel';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../constants';
import { type ToastInput, type toastMachine, toastsMachine } from './toasts.machine';

const start = () => {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock }).start();
  const add = (toast: Partial<ToastInput> = {}) =>
    actor.send({ type: 'toast.add', toast: { variant: 'info', title: 'Hello', ...toast } });
  const toasts = () => actor.getSnapshot().context.toasts.map((t) => t.getSnapshot());
  return { clock, actor, add, toasts };
};

describe('toast queue', () => {
  it('shows the newest first and keeps at most the limit, dropping the oldest', () => {
    const { add, toasts } = start();
    for (let i = 1; i <= TOAST_LIMIT + 2; i++) add({ title: `t${i}` });
    expect(toasts().map((t) => t.context.toast.title)).toEqual(['t7', 't6', 't5', 't4', 't3']);
  });

  it('dismisses itself after 5000 ms by default and is removed 300 ms later', () => {
    const { clock, add, toasts } = start();
    add();
    clock.increment(TOAST_DEFAULT_DURATION_MS - 1);
    expect(toasts()[0]?.hasTag('closing')).toBe(false);
    clock.increment(1);
    expect(toasts()[0]?.hasTag('closing')).toBe(true);
    clock.increment(TOAST_REMOVE_DELAY_MS - 1);
    expect(toasts()).toHaveLength(1);
    clock.increment(1);
    expect(toasts()).toHaveLength(0);
  });

  it('never dismisses a toast of duration 0 by itself', () => {
    const { clock, add, actor, toasts } = start();
    add({ duration: 0 });
    clock.increment(10 * 60_000);
    expect(toasts()).toHaveLength(1);
    actor.send({ type: 'toast.dismiss', id: 'toast-1' });
    clock.increment(TOAST_REMOVE_DELAY_MS);
    expect(toasts()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    const { clock, add, toasts } = start();
    add({ duration: 1000 });
    clock.increment(1000);
    expect(toasts()[0]?.hasTag('closing')).toBe(true);
  });

  it('holds the timer while paused and restarts it on resume', () => {
    const { clock, add, actor, toasts } = start();
    add();
    const [toast] = actor.getSnapshot().context.toasts;
    clock.increment(4000);
    toast?.send({ type: 'toast.pause' });
    clock.increment(60_000);
    expect(toasts()[0]?.hasTag('closing')).toBe(false);
    toast?.send({ type: 'toast.resume' });
    clock.increment(TOAST_DEFAULT_DURATION_MS);
    expect(toasts()[0]?.hasTag('closing')).toBe(true);
  });

  it('dismisses all at once', () => {
    const { clock, add, actor, toasts } = start();
    add();
    add({ duration: 0 });
    actor.send({ type: 'toast.dismissAll' });
    clock.increment(TOAST_REMOVE_DELAY_MS);
    expect(toasts()).toHaveLength(0);
  });

  it('ignores a dismiss for an unknown toast', () => {
    const { add, actor, toasts } = start();
    add();
    actor.send({ type: 'toast.dismiss', id: 'nope' });
    expect(toasts()[0]?.hasTag('closing')).toBe(false);
  });
});

type Snap = SnapshotFrom<typeof toastMachine>;

describeStateViews(toastModel, {
  // Whatever happens to it, a toast shows what it was given.
  '*': { shows: (s: Snap) => expect(s.context.toast).toEqual(toastModel.input) },
  // Dismissing is offered for as long as it is on screen.
  open: { enabled: ['toast.dismiss'] },
  'open.running': { enabled: ['toast.pause'] },
  'open.paused': { enabled: ['toast.resume'] },
  // Leaving: nothing can be done with it any more.
  closing: { tags: ['closing'] },
  // Finished, so the queue hears it is done and drops it.
  removed: { shows: (s: Snap) => expect(s.status).toBe('done') },
});
