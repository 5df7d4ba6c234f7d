import { DEMO_ADMIN_CHECKOUT } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import type { UserMembership } from '../../../api/schemas/membership';
import { type FlowModel, oneOf } from '../../../machines/model';
import {
  billingMachine,
  plansMachine,
  type TokenAllowance,
  tokensMachine,
} from '../../../machines/usageBilling/billing/billing.machine';
import { membershipMachine } from '../../../machines/usageBilling/billing/membership';
import { demoPlan, samplePlan } from './planChange.flowModel';
import { resourceModel } from './resource.flowModel';

// The demo owner's membership: the Starter plan's allowances.
const {
  name,
  level,
  instanceLimit,
  chatbotLimit,
  monthlyTokenLimit,
  totalChatSessionLimit,
  knowledgeBaseFileLimit,
} = demoPlan('plan-starter');
export const sampleMembership: UserMembership = {
  name,
  level,
  endDate: '2026-12-01T00:00:00.000Z',
  instanceLimit,
  chatbotLimit,
  monthlyTokenLimit,
  totalChatSessionLimit,
  knowledgeBaseFileLimit,
};

export const sampleTokens: TokenAllowance = {
  resetTime: '2026-12-01T00:00:00.000Z',
  tokens: { remaining: 40_000, limit: 100_000 },
};

/** The demo's plans on offer, as customers see them (active, lowest level first). */
export const samplePlans = [demoPlan('plan-free'), samplePlan()];

const serverError = (endpoint: string) =>
  new ApiError({ kind: 'http', status: 500, endpoint, message: 'Internal server error' });

export const billingModel: FlowModel<{ checkoutSessionId: string | null }> = {
  id: 'billing',
  machine: billingMachine,
  input: { checkoutSessionId: null },
  inputs: [{ checkoutSessionId: DEMO_ADMIN_CHECKOUT.sessionId }],
  events: [
    { type: 'membership.refresh' },
    { type: 'subscription.manageRequested' },
    { type: 'subscription.sessionKnown', sessionId: DEMO_ADMIN_CHECKOUT.sessionId },
    // What the resources tell billing.
    { type: 'resource.loaded', id: membershipMachine.id, data: sampleMembership },
    { type: 'resource.failed', id: membershipMachine.id, error: serverError('membership') },
    { type: 'resource.failed', id: plansMachine.id, error: serverError('plans') },
  ],
  outputs: {
    loadManagementUrl: oneOf({ url: 'https://billing.example.com/portal' }, { url: 'javascript:alert(1)' }),
  },
  serialize: ({ context: c }) => [c.checkoutSessionId !== null],
};

export const membershipModel = resourceModel(membershipMachine, { data: sampleMembership });

export const tokensModel = resourceModel(tokensMachine, { data: sampleTokens });

/** Plans on offer, or none active. */
export const plansModel = resourceModel(plansMachine, { data: oneOf(samplePlans, []) });
