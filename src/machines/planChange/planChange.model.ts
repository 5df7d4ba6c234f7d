import type { MembershipPlan } from '../../api/schemas/membership';
import { type FlowModel, oneOf } from '../model';
import { planChangeMachine } from './planChange.machine';

export const samplePlan = (over: Partial<MembershipPlan> = {}): MembershipPlan => ({
  id: 'plan-pro',
  name: 'Pro',
  level: 2,
  description: null,
  instanceLimit: 3,
  chatbotLimit: 3,
  monthlyTokenLimit: 500_000,
  totalChatSessionLimit: 2000,
  knowledgeBaseFileLimit: 50,
  monthlyPrice: 299,
  yearlyPrice: 2990,
  monthlyPriceId: null,
  yearlyPriceId: null,
  hasAdvancedFeatures: true,
  hasCustomPrompt: true,
  status: 1,
  ...over,
});

const pro = samplePlan();
const free = samplePlan({ id: 'plan-free', name: 'Free', level: 0, monthlyPrice: 0, yearlyPrice: 0 });
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
