import type { TokenRemaining, UserMembership } from '../../api/schemas/membership';
import { type FlowModel, oneOf } from '../model';
import { samplePlan } from '../planChange/planChange.model';
import { billingMachine } from './billing.machine';

export const sampleMembership: UserMembership = {
  name: 'Starter',
  level: 1,
  endDate: '2026-12-01T00:00:00.000Z',
  instanceLimit: 1,
  chatbotLimit: 3,
  monthlyTokenLimit: 100_000,
  totalChatSessionLimit: 500,
  knowledgeBaseFileLimit: 10,
};
const tokens: TokenRemaining = { remaining: 40_000, limit: 100_000 };

export const billingModel: FlowModel<{ checkoutSessionId: string | null }> = {
  id: 'billing',
  machine: billingMachine,
  input: { checkoutSessionId: null },
  inputs: [{ checkoutSessionId: 'cs_demo_paid' }],
  events: [
    { type: 'membership.refresh' },
    { type: 'plans.retry' },
    { type: 'tokens.retry' },
    { type: 'subscription.manageRequested' },
    { type: 'subscription.sessionKnown', sessionId: 'cs_demo_paid' },
  ],
  outputs: {
    // Plans on offer, or none active.
    loadPlans: oneOf(
      [samplePlan({ id: 'plan-free', name: 'Free', level: 0 }), samplePlan()],
      [samplePlan({ status: 2 })],
    ),
    loadMembership: sampleMembership,
    loadTokens: { resetTime: '2026-12-01T00:00:00.000Z', tokens },
    loadManagementUrl: oneOf({ url: 'https://billing.example.com/portal' }, { url: 'javascript:alert(1)' }),
  },
  // Which data is present is what matters, not the data itself.
  serialize: ({ context: c }) => [
    c.membership !== null,
    c.plans.length > 0,
    c.tokens !== null,
    c.checkoutSessionId !== null,
  ],
};
