import { afterEach, describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor, type EventObject, fromCallback, fromPromise } from 'xstate';
import { standInApp } from '../../../tests/appSystem';
import { TimeRange } from '../../api/schemas/instances';
import { plansModel, sampleMembership } from '../../demo/qa/flowModels/billing.flowModel';
import { demoPlan, samplePlan } from '../../demo/qa/flowModels/planChange.flowModel';
import { restoredStart, startingFrom } from '../../demo/qa/restore';
import { type FlowInspector, flowInspector, installFlowInspector } from '../inspection';
import { snapshotFor } from '../model';
import { billingMachine, plansMachine, tokensMachine } from './billing/billing.machine';
import { readCheckoutSession, rememberCheckoutSession } from './billing/links';
import { membershipMachine } from './billing/membership';
import { paymentMethodsMachine } from './paymentMethods/paymentMethods.machine';
import type { planChangeMachine } from './planChange/planChange.machine';
import { usageMachine } from './usage/usage.machine';
import { usageBillingMachine } from './usageBilling.machine';

function start(userId = 'user-1') {
  const billing: EventObject[] = [];
  const usage: EventObject[] = [];
  const planChange: EventObject[] = [];
  const paymentMethods: EventObject[] = [];
  const inputs: Record<string, unknown> = {};
  // Stand-ins for the three flows: each records what it started from and what it was told.
  const child = (name: string, into?: EventObject[]) =>
    fromCallback<EventObject, unknown>(({ input, receive }) => {
      inputs[name] = input;
      receive((event) => into?.push(event));
    }) as never;
  const actor = createActor(
    usageBillingMachine.provide({
      actors: {
        billing: child('billing', billing),
        usage: child('usage', usage),
        planChange: child('planChange', planChange),
        paymentMethods: child('paymentMethods', paymentMethods),
      },
    }),
    { input: { userId, returnSessionId: 'cs_returned' } },
  ).start();
  return { actor, billing, planChange, paymentMethods, usage, inputs };
}

/** A resource's call that never answers. */
const pending = { actors: { load: fromPromise(() => new Promise(() => {})) } } as never;

/** The screen with its real billing and usage, whose resources never answer, but for a given membership. */
const screenWith = (membership?: unknown) =>
  usageBillingMachine.provide({
    actors: {
      billing: billingMachine.provide({
        actors: {
          membership: membershipMachine.provide(
            membership === undefined
              ? pending
              : ({ actors: { load: fromPromise(async () => membership) } } as never),
          ),
          tokens: tokensMachine.provide(pending),
          plans: plansMachine.provide(pending),
        },
      }),
      usage: usageMachine.provide(pending),
      paymentMethods: paymentMethodsMachine.provide(pending),
    },
  });

describe('usage and billing screen', () => {
  it('gives the usage the custom days its picker applied', () => {
    const { actor, usage } = start();
    const picker = actor.getSnapshot().children.usageRange;
    picker?.send({ type: 'range.opened' });
    picker?.send({ type: 'range.changed', field: 'start', value: '2026-10-01' });
    picker?.send({ type: 'range.changed', field: 'end', value: '2026-10-31' });
    picker?.send({ type: 'range.applied' });
    expect(usage).toEqual([
      {
        type: 'resource.reload',
        params: { period: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' },
      },
    ]);
  });

  it('runs the membership, the usage and the plan change, each with what it starts from', () => {
    rememberCheckoutSession('user-1', 'cs_earlier');
    const { inputs } = start();
    expect(inputs).toEqual({
      billing: { checkoutSessionId: 'cs_earlier' },
      // All time first.
      usage: { params: { timeRange: TimeRange.all } },
      planChange: { returnSessionId: 'cs_returned' },
      paymentMethods: undefined,
    });
  });

  it("remembers the provider's paid session for the user and gives it to the membership", () => {
    const { actor, billing } = start();
    actor.send({ type: 'checkout.returned', sessionId: 'cs_paid' });
    expect(readCheckoutSession('user-1')).toBe('cs_paid');
    expect(billing).toEqual([{ type: 'subscription.sessionKnown', sessionId: 'cs_paid' }]);
  });

  it('has the membership fetched again when the plan changed', () => {
    const { actor, billing } = start();
    actor.send({ type: 'plan.changed' });
    expect(billing).toEqual([{ type: 'membership.refresh' }]);
  });

  it('gives the plan change and the payment methods the membership billing learned, for their rules', () => {
    const { actor, planChange, paymentMethods } = start();
    actor.send({ type: 'membership.known', current: { name: 'Starter', level: 1 } });
    actor.send({ type: 'membership.known', current: { name: 'Pro', level: 2 } });
    expect(planChange).toEqual([
      { type: 'membership.known', current: { name: 'Starter', level: 1 } },
      { type: 'membership.known', current: { name: 'Pro', level: 2 } },
    ]);
    expect(paymentMethods).toEqual(planChange);
  });

  it('has the plan change refuse the current and lower plans once billing loaded the membership', async () => {
    const actor = createActor(screenWith(sampleMembership), {
      input: { userId: null, returnSessionId: null },
    }).start();
    const planChange = () =>
      actor.getSnapshot().children.planChange?.getSnapshot() as ReturnType<
        typeof planChangeMachine.getInitialSnapshot
      >;
    const free = demoPlan('plan-free');
    expect(planChange().can({ type: 'plan.selected', plan: free })).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(planChange().context.current).toEqual({ name: 'Starter', level: 1 });
    expect(planChange().can({ type: 'plan.selected', plan: free })).toBe(false);
    expect(planChange().can({ type: 'plan.selected', plan: samplePlan() })).toBe(true);
    actor.stop();
  });
});

describe('QA jumps', () => {
  afterEach(() => installFlowInspector(null));

  it("start the screen with a billing resource in the state jumped to (a flow of the screen's flow)", () => {
    const jumped = snapshotFor(plansModel, 'plans.failed');
    if (!jumped) throw new Error('no path to plans.failed');
    const pending = new Map<string, unknown>([['plans', jumped.persisted]]);
    // The QA tools' way of starting a screen's flow after a jump, with the snapshot the jump left for the
    // resource: the logic the app then spawns starts from it.
    const restored = (id: string, logic: AnyStateMachine, input: unknown) =>
      restoredStart((flow) => pending.get(flow) as never, id, logic, input);
    const tools: FlowInspector = {
      startOptions: (id, logic, input) => {
        const snapshot = restored(id, logic, input);
        return snapshot ? { snapshot } : {};
      },
      startingLogic: (id, logic, input) => {
        const snapshot = restored(id, logic, input);
        return snapshot ? startingFrom(logic, snapshot) : logic;
      },
      register: () => () => {},
      generation: () => 0,
      subscribe: () => () => {},
    };
    installFlowInspector(tools);
    const input = { userId: null, returnSessionId: null };
    const { run, end } = standInApp();
    const logic = flowInspector()?.startingLogic('usageBilling', screenWith(), input);
    if (!logic) throw new Error('no inspector');
    const actor = run(logic, { input });
    const billing = actor.getSnapshot().children.billing?.getSnapshot();
    const state = (id: string) =>
      (billing?.children[id]?.getSnapshot() as { value?: unknown } | undefined)?.value;
    expect(state('plans')).toBe('failed');
    // The others start as usual.
    expect(state('membership')).toBe('loading');
    end();
  });
});
