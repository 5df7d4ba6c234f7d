import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { recordToasts, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { type CreatePaymentResult, ScheduleType } from '../../../api/schemas/payments';
import { planChangeModel, samplePlan } from '../../../demo/qa/flowModels/planChange.flowModel';
import { MEMBERSHIP_REFRESH_DELAY_MS, PLAN_UPDATE_RELOAD_DELAY_MS } from '../../constants';
import type { ToastInput } from '../../root/toasts/toasts.machine';
import {
  monthlyEquivalent,
  planChangeMachine,
  planChangeMessages,
  planOffers,
  planStanding,
  yearlySaving,
} from './planChange.machine';

const plan = samplePlan;
const pro = plan({});
const free = plan({ id: 'plan-free', name: 'Free', level: 0, monthlyPrice: 0, yearlyPrice: 0 });
const starter = plan({ id: 'plan-starter', name: 'Starter', level: 1, monthlyPrice: 99, yearlyPrice: 990 });
const monthlyOnly = plan({ id: 'plan-m', name: 'Monthly', level: 2, yearlyPrice: 0 });
const onStarter = { name: 'starter', level: 1 };

afterEach(() => stopStandIns());

function start({
  pay = async (_input: { membershipId: string; scheduleType: number }): Promise<CreatePaymentResult> => ({
    redirectUrl: 'https://pay.example/cs_1',
  }),
  returnSessionId = null as string | null,
  current = onStarter as { name: string; level: number } | null,
} = {}) {
  const clock = new SimulatedClock();
  const toasts = vi.fn();
  const app = recordToasts(toasts, clock);
  const spies = {
    redirect: vi.fn(),
    reload: vi.fn(),
    clearQuery: vi.fn(),
    rememberSession: vi.fn(),
    refreshMembership: vi.fn(),
  };
  const paySpy = vi.fn(pay);
  let signal: AbortSignal | undefined;
  const actor = app.run(
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
    { input: { returnSessionId } },
  );
  // The screen forwards the membership as soon as it loads.
  if (current) actor.send({ type: 'membership.known', current });
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

  it('offers the plans as the cards show them: most popular second of at least two, and each action', () => {
    const offers = planOffers([free, starter, pro, plan({ id: 'plan-pro2', name: 'Pro 2', level: 2 })], {
      name: 'Pro',
      level: 2,
    });
    expect(offers.map((o) => [o.plan.id, o.standing, o.popular, o.action])).toEqual([
      ['plan-free', 'lower', false, 'lower'],
      ['plan-starter', 'lower', true, 'lower'],
      ['plan-pro', 'current', false, 'current'],
      // An equal level under another name is a change, not an upgrade.
      ['plan-pro2', 'open', false, 'choose'],
    ]);
    expect(planOffers([free, pro], onStarter).map((o) => [o.popular, o.action])).toEqual([
      [false, 'lower'],
      [true, 'upgrade'],
    ]);
    // One plan is not a choice: nothing is most popular. An unknown membership makes every plan a choice.
    expect(planOffers([pro], null)).toEqual([
      { plan: pro, standing: 'open', popular: false, action: 'choose' },
    ]);
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
      expect(actor.getSnapshot().can({ type: 'plan.selected', plan: p })).toBe(false);
      actor.send({ type: 'plan.selected', plan: p });
      expect(change().change).toBe('idle');
    }
    actor.send({ type: 'plan.selected', plan: pro });
    expect(change().change).toBe('choosingCycle');
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().context.plan).toEqual(pro);
  });

  it('refuses the current or a lower plan from its own knowledge of the membership, whatever the event says', () => {
    const { actor, change } = start({ current: null });
    // Until the membership is known nothing is refused here (the server still refuses downgrades).
    expect(actor.getSnapshot().can({ type: 'plan.selected', plan: free })).toBe(true);
    actor.send({ type: 'membership.known', current: { name: 'Pro', level: 2 } });
    expect(actor.getSnapshot().context.current).toEqual({ name: 'Pro', level: 2 });
    for (const p of [free, starter, pro]) {
      expect(actor.getSnapshot().can({ type: 'plan.selected', plan: p })).toBe(false);
      // A sender claiming another membership (or none) changes nothing: the guard reads the machine's context.
      actor.send({ type: 'plan.selected', plan: p, current: null } as never);
      actor.send({ type: 'plan.selected', plan: p, current: { name: 'Free', level: 0 } } as never);
      expect(change().change).toBe('idle');
    }
    // A membership learned later (the plan changed) moves the line.
    actor.send({ type: 'membership.known', current: onStarter });
    actor.send({ type: 'plan.selected', plan: pro });
    expect(change().change).toBe('choosingCycle');
  });

  it('offers yearly only when the plan has a yearly price', () => {
    const { actor } = start();
    actor.send({ type: 'plan.selected', plan: monthlyOnly });
    expect(actor.getSnapshot().can({ type: 'cycle.chosen', scheduleType: 1 })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'cycle.chosen', scheduleType: 2 })).toBe(false);
    actor.send({ type: 'dialog.closed' });
    actor.send({ type: 'plan.selected', plan: pro });
    expect(actor.getSnapshot().can({ type: 'cycle.chosen', scheduleType: 2 })).toBe(true);
  });

  it('goes to an https checkout with the chosen plan and cycle', async () => {
    const { actor, paySpy, spies, settle, change } = start();
    actor.send({ type: 'plan.selected', plan: pro });
    actor.send({ type: 'cycle.chosen', scheduleType: 2 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(paySpy).toHaveBeenCalledWith({ membershipId: 'plan-pro', scheduleType: 2 });
    expect(change().change).toBe('redirecting');
    expect(spies.redirect).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it.each([
    ['Cancel', { type: 'dialog.closed' }],
    ['the page restored from the back/forward cache', { type: 'page.restored' }],
  ] as const)('leaves the redirecting dialog on %s, ready to choose again', async (_, event) => {
    const { actor, settle, change } = start();
    actor.send({ type: 'plan.selected', plan: pro });
    actor.send({ type: 'cycle.chosen', scheduleType: 2 });
    await settle();
    expect(change().change).toBe('redirecting');
    actor.send(event);
    expect(change().change).toBe('idle');
    expect(actor.getSnapshot().hasTag('dialog')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ plan: null, scheduleType: null, redirectUrl: null });
    actor.send({ type: 'plan.selected', plan: pro });
    expect(change().change).toBe('choosingCycle');
  });

  it('shows the update notice and reloads after 3 seconds for isUpdate', async () => {
    const { actor, clock, spies, toasts, settle, change } = start({
      pay: async () => ({ isUpdate: true, redirectUrl: 'https://ignored.example' }),
    });
    actor.send({ type: 'plan.selected', plan: pro });
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
    ['a plain http URL', async () => ({ redirectUrl: 'http://insecure.example/pay' })],
    ['a URL with credentials', async () => ({ redirectUrl: 'https://checkout.example@evil.example/pay' })],
    ['neither URL nor isUpdate', async () => ({})],
    ['a server error', () => Promise.reject(new Error('500'))],
  ] as const)('fails with the destructive toast for %s, and can retry', async (_, pay) => {
    const { actor, spies, toasts, settle, change, paySpy } = start({ pay });
    actor.send({ type: 'plan.selected', plan: pro });
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
    actor.send({ type: 'plan.selected', plan: pro });
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

type Snap = SnapshotFrom<typeof planChangeMachine>;
const checkoutUrl = 'https://checkout.example/cs_1';
const returnedSession = 'cs_demo_returned';
const toastTitles = (toasts: ToastInput[]) => toasts.map((t) => t.title);

describe('plan change model views', () => {
  // What happens outside the snapshot: the toasts, and the window actions the view injects.
  let toasts: ToastInput[] = [];
  let calls = { redirect: [] as string[], remember: [] as string[], clearQuery: 0, refreshMembership: 0 };
  const fresh = () => {
    toasts = [];
    calls = { redirect: [], remember: [], clearQuery: 0, refreshMembership: 0 };
    return recordToasts((t) => toasts.push(t));
  };

  describeStateViews(
    {
      ...planChangeModel,
      machine: planChangeMachine.provide({
        actions: {
          redirect: (_, { url }) => calls.redirect.push(url),
          rememberSession: (_, { sessionId }) => calls.remember.push(sessionId),
          clearQuery: () => calls.clearQuery++,
          refreshMembership: () => calls.refreshMembership++,
        },
      }),
    },
    {
      // Only a followable checkout address is ever visited.
      '*': {
        // The membership the screen forwards is taken at any time.
        enabled: ['membership.known'],
        shows: (s: Snap) => {
          expect(calls.redirect.every((url) => url === checkoutUrl)).toBe(true);
          expect([null, { name: 'Starter', level: 1 }]).toContainEqual(s.context.current);
        },
      },
      change: {},
      'change.idle': {
        enabled: ['plan.selected'],
        shows: (s: Snap) => {
          // On Starter, Pro and the monthly-only plan are above it and Free is below; before the membership is
          // known, nothing is refused.
          const choosable =
            s.context.current === null
              ? ['plan-pro', 'plan-free', 'plan-monthly']
              : ['plan-pro', 'plan-monthly'];
          for (const event of planChangeModel.events.filter((e) => e.type === 'plan.selected'))
            expect(s.can(event as never), String((event.plan as { id: string }).id)).toBe(
              choosable.includes((event.plan as { id: string }).id),
            );
          expect(s.context.plan).toBeNull();
          expect(s.context.scheduleType).toBeNull();
          expect(s.context.redirectUrl).toBeNull();
        },
      },
      // The dialog asks for a billing cycle of the plan chosen (Free only while the membership was unknown).
      'change.choosingCycle': {
        tags: ['dialog'],
        enabled: ['cycle.chosen', 'dialog.closed'],
        shows: (s: Snap) => {
          expect(['plan-pro', 'plan-monthly', 'plan-free']).toContain(s.context.plan?.id);
          expect(s.context.scheduleType).toBeNull();
        },
      },
      'change.paying': {
        tags: ['dialog', 'busy'],
        enabled: ['dialog.closed'],
        runs: {
          createPayment: (input: { membershipId: string; scheduleType: number }, s: Snap) =>
            expect(input).toEqual({ membershipId: s.context.plan?.id, scheduleType: s.context.scheduleType }),
        },
        // Yearly is paid only for a plan with a yearly price.
        shows: (s: Snap) =>
          expect(
            s.context.scheduleType === ScheduleType.monthly ||
              (s.context.scheduleType === ScheduleType.yearly && (s.context.plan?.yearlyPrice ?? 0) > 0),
          ).toBe(true),
      },
      'change.redirecting': {
        tags: ['dialog', 'busy', 'redirecting'],
        // Cancel leaves; so does the page coming back from the provider (back/forward cache).
        enabled: ['dialog.closed', 'page.restored'],
        shows: (s: Snap) => {
          expect(s.context.redirectUrl).toBe(checkoutUrl);
          expect(calls.redirect).toEqual([checkoutUrl]);
        },
      },
      'change.updated': {
        tags: ['updated'],
        shows: () => expect(toastTitles(toasts)).toContain(planChangeMessages.updated),
      },
      'change.failed': {
        tags: ['dialog', 'error'],
        // Choosing a cycle again is the retry.
        enabled: ['cycle.chosen', 'dialog.closed'],
        shows: (s: Snap) => {
          expect(toasts).toContainEqual({
            variant: 'destructive',
            title: planChangeMessages.paymentFailed,
            description: planChangeMessages.paymentFailedDetail,
          });
          expect(s.context.redirectUrl).toBeNull();
        },
      },
      paymentReturn: {},
      'paymentReturn.checking': {},
      // Nothing to do without a session id from the provider.
      'paymentReturn.none': {
        shows: (s: Snap) => {
          expect(s.context.returnSessionId).toBeNull();
          expect(toastTitles(toasts)).not.toContain(planChangeMessages.paid);
          expect(calls.remember).toEqual([]);
        },
      },
      // Back from a paid checkout: announced, remembered, the address cleaned, the membership fetched later.
      'paymentReturn.refreshing': {
        tags: ['refreshing'],
        shows: (s: Snap) => {
          expect(s.context.returnSessionId).toBe(returnedSession);
          expect(toastTitles(toasts)).toContain(planChangeMessages.paid);
          expect(calls.remember).toEqual([returnedSession]);
          expect(calls.clearQuery).toBe(1);
          expect(calls.refreshMembership).toBe(0);
        },
      },
      'paymentReturn.done': {
        shows: (s: Snap) => {
          expect(s.context.returnSessionId).toBe(returnedSession);
          expect(calls.remember).toEqual([returnedSession]);
          expect(calls.refreshMembership).toBe(1);
        },
      },
    },
    { replayIn: fresh },
  );
});
