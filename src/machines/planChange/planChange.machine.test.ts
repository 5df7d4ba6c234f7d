import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { coverage } from '../../../tests/coverage';
import type { CreatePaymentResult } from '../../api/schemas/payments';
import { MEMBERSHIP_REFRESH_DELAY_MS, PLAN_UPDATE_RELOAD_DELAY_MS } from '../constants';
import { modelPaths, replay, stateCoverage } from '../model';
import { connectToasts } from '../toasts/notify';
import {
  monthlyEquivalent,
  planChangeMachine,
  planChangeMessages,
  planStanding,
  yearlySaving,
} from './planChange.machine';
import { planChangeModel, samplePlan } from './planChange.model';

const plan = samplePlan;
const pro = plan({});
const free = plan({ id: 'plan-free', name: 'Free', level: 0, monthlyPrice: 0, yearlyPrice: 0 });
const starter = plan({ id: 'plan-starter', name: 'Starter', level: 1, monthlyPrice: 99, yearlyPrice: 990 });
const monthlyOnly = plan({ id: 'plan-m', name: 'Monthly', level: 2, yearlyPrice: 0 });
const onStarter = { name: 'starter', level: 1 };

afterEach(() => connectToasts(null));

function start({
  pay = async (_input: { membershipId: string; scheduleType: number }): Promise<CreatePaymentResult> => ({
    redirectUrl: 'https://pay.example/cs_1',
  }),
  returnSessionId = null as string | null,
} = {}) {
  const clock = new SimulatedClock();
  const toasts = vi.fn();
  connectToasts(toasts);
  const spies = {
    redirect: vi.fn(),
    reload: vi.fn(),
    clearQuery: vi.fn(),
    rememberSession: vi.fn(),
    refreshMembership: vi.fn(),
  };
  const paySpy = vi.fn(pay);
  let signal: AbortSignal | undefined;
  const actor = createActor(
    planChangeMachine.provide({
      actors: {
        createPayment: fromPromise(({ input, signal: s }) => {
          signal = s;
          return paySpy(input);
        }),
      },
      actions: {
        redirect: (_, params) => spies.redirect(params.url),
        reload: spies.reload,
        clearQuery: spies.clearQuery,
        rememberSession: (_, params) => spies.rememberSession(params.sessionId),
        refreshMembership: spies.refreshMembership,
      },
    }),
    { clock, input: { returnSessionId } },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const change = () => actor.getSnapshot().value as { change: string };
  return { actor, clock, toasts, spies, paySpy, settle, change, signal: () => signal };
}

describe('plan rules', () => {
  it('matches the current plan by lowercase name and refuses lower levels', () => {
    expect(planStanding(starter, { name: 'STARTER ', level: 1 })).toBe('current');
    expect(planStanding(free, onStarter)).toBe('lower');
    expect(planStanding(pro, onStarter)).toBe('open');
    // An equal level under another name is a change, not a downgrade.
    expect(planStanding(plan({ name: 'Starter Plus', level: 1 }), onStarter)).toBe('open');
    expect(planStanding(free, null)).toBe('open');
  });

  it('computes the yearly saving and the per-month equivalent to one decimal', () => {
    expect(yearlySaving(pro)).toBe(598);
    expect(monthlyEquivalent(pro)).toBe(249.2);
    expect(monthlyEquivalent(plan({ yearlyPrice: 990 }))).toBe(82.5);
  });
});

describe('plan change', () => {
  it('opens the cycle dialog only for an equal or higher plan that is not the current one', () => {
    const { actor, change } = start();
    for (const p of [free, starter]) {
      expect(actor.getSnapshot().can({ type: 'plan.selected', plan: p, current: onStarter })).toBe(false);
      actor.send({ type: 'plan.selected', plan: p, current: onStarter });
      expect(change().change).toBe('idle');
    }
    actor.send({ type: 'plan.selected', plan: pro, current: onStarter });
    expect(change().change).toBe('choosingCycle');
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().context.plan).toEqual(pro);
  });

  it('offers yearly only when the plan has a yearly price', () => {
    const { actor } = start();
    actor.send({ type: 'plan.selected', plan: monthlyOnly, current: onStarter });
    expect(actor.getSnapshot().can({ type: 'cycle.chosen', scheduleType: 1 })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'cycle.chosen', scheduleType: 2 })).toBe(false);
    actor.send({ type: 'dialog.closed' });
    actor.send({ type: 'plan.selected', plan: pro, current: onStarter });
    expect(actor.getSnapshot().can({ type: 'cycle.chosen', scheduleType: 2 })).toBe(true);
  });

  it('goes to an https checkout with the chosen plan and cycle', async () => {
    const { actor, paySpy, spies, settle, change } = start();
    actor.send({ type: 'plan.selected', plan: pro, current: onStarter });
    actor.send({ type: 'cycle.chosen', scheduleType: 2 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(paySpy).toHaveBeenCalledWith({ membershipId: 'plan-pro', scheduleType: 2 });
    expect(change().change).toBe('redirecting');
    expect(spies.redirect).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it('shows the update notice and reloads after 3 seconds for isUpdate', async () => {
    const { actor, clock, spies, toasts, settle, change } = start({
      pay: async () => ({ isUpdate: true, redirectUrl: 'https://ignored.example' }),
    });
    actor.send({ type: 'plan.selected', plan: pro, current: onStarter });
    actor.send({ type: 'cycle.chosen', scheduleType: 1 });
    await settle();
    expect(change().change).toBe('updated');
    expect(actor.getSnapshot().hasTag('dialog')).toBe(false);
    expect(spies.redirect).not.toHaveBeenCalled();
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({ variant: 'success', title: planChangeMessages.updated }),
    );
    clock.increment(PLAN_UPDATE_RELOAD_DELAY_MS - 1);
    expect(spies.reload).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a javascript: URL', async () => ({ redirectUrl: 'javascript:alert(1)' })],
    ['a relative URL', async () => ({ redirectUrl: '/checkout' })],
    ['neither URL nor isUpdate', async () => ({})],
    ['a server error', () => Promise.reject(new Error('500'))],
  ] as const)('fails with the destructive toast for %s, and can retry', async (_, pay) => {
    const { actor, spies, toasts, settle, change, paySpy } = start({ pay });
    actor.send({ type: 'plan.selected', plan: pro, current: onStarter });
    actor.send({ type: 'cycle.chosen', scheduleType: 1 });
    await settle();
    expect(change().change).toBe('failed');
    expect(spies.redirect).not.toHaveBeenCalled();
    expect(toasts).toHaveBeenCalledWith({
      variant: 'destructive',
      title: planChangeMessages.paymentFailed,
      description: planChangeMessages.paymentFailedDetail,
    });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    actor.send({ type: 'cycle.chosen', scheduleType: 1 });
    expect(change().change).toBe('paying');
    expect(paySpy).toHaveBeenCalledTimes(2);
  });

  it('closing the dialog while paying abandons the request', async () => {
    const { actor, signal, change } = start({ pay: () => new Promise(() => {}) });
    actor.send({ type: 'plan.selected', plan: pro, current: onStarter });
    actor.send({ type: 'cycle.chosen', scheduleType: 1 });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'dialog.closed' });
    expect(change().change).toBe('idle');
    expect(signal()?.aborted).toBe(true);
    expect(actor.getSnapshot().context.plan).toBeNull();
  });
});

describe('return from payment', () => {
  it('toasts, remembers the session, clears the query, and refreshes the membership after 2 seconds', () => {
    const { actor, clock, spies, toasts } = start({ returnSessionId: 'cs_42' });
    expect(toasts).toHaveBeenCalledWith({
      variant: 'success',
      title: planChangeMessages.paid,
      description: planChangeMessages.paidDetail,
    });
    expect(spies.rememberSession).toHaveBeenCalledWith('cs_42');
    expect(spies.clearQuery).toHaveBeenCalledTimes(1);
    clock.increment(MEMBERSHIP_REFRESH_DELAY_MS - 1);
    expect(spies.refreshMembership).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.refreshMembership).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ paymentReturn: 'done' })).toBe(true);
  });

  it('does nothing without a session id', () => {
    const { actor, clock, spies, toasts } = start();
    clock.increment(MEMBERSHIP_REFRESH_DELAY_MS * 2);
    expect(toasts).not.toHaveBeenCalled();
    expect(spies.clearQuery).not.toHaveBeenCalled();
    expect(spies.refreshMembership).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ paymentReturn: 'none' })).toBe(true);
  });
});

describe('plan change model', () => {
  // One graph per start input; a state reached in several needs replaying once.
  const paths = [planChangeModel.input, ...(planChangeModel.inputs ?? [])].flatMap((input) =>
    modelPaths(planChangeMachine, { ...planChangeModel, input }).shortest.map((path) => ({ path, input })),
  );
  const unique = [...new Map(paths.map((p) => [JSON.stringify([p.path.state.value, p.input]), p])).values()];

  it('reaches every state and transition', () => {
    expect(
      stateCoverage(
        planChangeMachine,
        paths.map((p) => p.path),
      ).missing,
    ).toEqual([]);
    expect(coverage(planChangeMachine, planChangeModel).transitions.missing).toEqual([]);
  });

  it.each(unique.map((p) => [JSON.stringify(p.path.state.value), p] as const))(
    'replays the shortest path to %s',
    (_, { path, input }) => {
      expect(replay(planChangeMachine, path, input).value).toEqual(path.state.value);
    },
  );
});
