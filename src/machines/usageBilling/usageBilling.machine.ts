import { sendTo, setup } from 'xstate';
import { TimeRange } from '../../api/schemas/instances';
import { type BillingReport, billingMachine } from '../billing/billing.machine';
import { readCheckoutSession, rememberCheckoutSession } from '../billing/links';
import { planChangeMachine } from '../planChange/planChange.machine';
import { usageMachine } from '../usage/usage.machine';

export interface UsageBillingInput {
  userId: string | null;
  /** session_id in the address: the payment provider sent the user back here. */
  returnSessionId: string | null;
}

export type UsageBillingEvent =
  /** From the plan change: the provider returned with this paid session. */
  | { type: 'checkout.returned'; sessionId: string }
  /** From the plan change: the plan changed, the membership shown is stale. */
  | { type: 'plan.changed' }
  /** From billing: the membership loaded. */
  | BillingReport;

/**
 * The Usage and billing screen: the membership and its quotas (billing), the usage figures, and the plan
 * change, each a flow of its own run here as a child under its flow id. What one flow learns reaches the
 * other through this machine: the plan change's payments reach the membership, and the membership reaches
 * the plan change's rules.
 */
export const usageBillingMachine = setup({
  types: {
    context: {} as UsageBillingInput,
    input: {} as UsageBillingInput,
    events: {} as UsageBillingEvent,
  },
  actors: { billing: billingMachine, usage: usageMachine, planChange: planChangeMachine },
}).createMachine({
  id: 'usageBilling',
  context: ({ input }) => input,
  invoke: [
    {
      id: 'billing',
      src: 'billing',
      input: ({ context }) => ({ checkoutSessionId: readCheckoutSession(context.userId) }),
    },
    // All time first.
    { id: 'usage', src: 'usage', input: { params: { timeRange: TimeRange.all } } },
    {
      id: 'planChange',
      src: 'planChange',
      input: ({ context }) => ({ returnSessionId: context.returnSessionId }),
    },
  ],
  on: {
    'checkout.returned': {
      actions: [
        ({ context, event }) => rememberCheckoutSession(context.userId, event.sessionId),
        sendTo('billing', ({ event }) => ({ type: 'subscription.sessionKnown', sessionId: event.sessionId })),
      ],
    },
    'plan.changed': { actions: sendTo('billing', { type: 'membership.refresh' }) },
    'membership.known': {
      actions: sendTo('planChange', ({ event }) => ({ type: 'membership.known', current: event.current })),
    },
  },
});
