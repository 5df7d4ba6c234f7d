import { DEFAULT_PLANS } from '../../../../mocks/fixtures';
import type { MembershipPlan } from '../../../api/schemas/membership';
import { type FlowModel, oneOf } from '../../../machines/model';
import { planChangeMachine } from '../../../machines/usageBilling/planChange/planChange.machine';

/** One of the demo's plans, by id. */
export const demoPlan = (id: string): MembershipPlan => {
  const plan = DEFAULT_PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`The demo has no plan ${id}`);
  return plan;
};

/** The demo's Pro plan, with what a case changes. */
export const samplePlan = (over: Partial<MembershipPlan> = {}): MembershipPlan => ({
  ...demoPlan('plan-pro'),
  ...over,
});

const pro = samplePlan();
const free = demoPlan('plan-free');
// Not one of the demo's: a plan sold monthly only.
const monthlyOnly = samplePlan({ id: 'plan-monthly', name: 'Monthly', level: 2, yearlyPrice: 0 });
const onStarter = { name: 'Starter', level: 1 };

export const planChangeModel: FlowModel<{ returnSessionId: string | null }> = {
  id: 'planChange',
  machine: planChangeMachine,
  input: { returnSessionId: null },
  inputs: [{ returnSessionId: 'cs_demo_returned' }],
  events: [
    // The screen forwards the membership; until then no plan is refused.
    { type: 'membership.known', current: onStarter },
    { type: 'plan.selected', plan: pro },
    { type: 'plan.selected', plan: free },
    { type: 'plan.selected', plan: monthlyOnly },
    { type: 'cycle.chosen', scheduleType: 1 },
    { type: 'cycle.chosen', scheduleType: 2 },
    { type: 'dialog.closed' },
    { type: 'page.restored' },
  ],
  // A checkout to go to, a change in place, and an address that must not be followed.
  outputs: {
    createPayment: oneOf(
      { redirectUrl: 'https://checkout.example/cs_1' },
      { isUpdate: true },
      { redirectUrl: 'javascript:alert(1)' },
    ),
  },
  serialize: ({ context: c }) => [
    c.current?.name ?? null,
    c.plan?.id ?? null,
    c.scheduleType,
    c.redirectUrl !== null,
  ],
};
