import { sendTo, setup } from 'xstate';
import { TimeRange } from '../../api/schemas/instances';
import { type BillingReport, billingMachine } from './billing/billing.machine';
import { readCheckoutSession, rememberCheckoutSession } from './billing/links';
import { billingDetailsMachine } from './billingDetails/billingDetails.machine';
import { billingHistoryMachine } from './billingHistory/billingHistory.machine';
import { paymentMethodsMachine } from './paymentMethods/paymentMethods.machine';
import { planChangeMachine } from './planChange/planChange.machine';
import { salesInquiryMachine } from './salesInquiry/salesInquiry.machine';
import { usageMachine } from './usage/usage.machine';
import { type UsageRangeReport, usageRangeMachine } from './usage/usageRange.machine';

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
  | BillingReport
  /** From the usage's custom period: these days were chosen. */
  | UsageRangeReport;

/**
 * The Usage and billing screen: the membership and its quotas (billing), the usage figures, the plan
 * change, Talk to sales, the payment methods, the billing details and the billing history, each a flow of its
 * own run here as a child under its flow id. What one flow learns reaches the other through this machine: the
 * plan change's payments reach the membership, and the membership reaches the plan change's rules and the
 * payment methods.
 */
export const usageBillingMachine = setup({
  types: {
    context: {} as UsageBillingInput,
    input: {} as UsageBillingInput,
    events: {} as UsageBillingEvent,
  },
  actors: {
    billing: billingMachine,
    usage: usageMachine,
    usageRange: usageRangeMachine,
    planChange: planChangeMachine,
    salesInquiry: salesInquiryMachine,
    billingDetails: billingDetailsMachine,
    paymentMethods: paymentMethodsMachine,
    billingHistory: billingHistoryMachine,
  },
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
    // The custom period's picker: the days it is given go to the usage.
    { id: 'usageRange', src: 'usageRange' },
    {
      id: 'planChange',
      src: 'planChange',
      input: ({ context }) => ({ returnSessionId: context.returnSessionId }),
    },
    // Talk to sales, from the Enterprise card.
    { id: 'salesInquiry', src: 'salesInquiry' },
    // Who the invoices are addressed to.
    { id: 'billingDetails', src: 'billingDetails' },
    // The saved cards: the last one stays while the plan is paid for, so they hear of the membership too.
    { id: 'paymentMethods', src: 'paymentMethods' },
    // The invoices, a page at a time, with "pay now" on a failed one.
    { id: 'billingHistory', src: 'billingHistory', input: {} },
  ],
  on: {
    'checkout.returned': {
      actions: [
        ({ context, event }) => rememberCheckoutSession(context.userId, event.sessionId),
        sendTo('billing', ({ event }) => ({ type: 'subscription.sessionKnown', sessionId: event.sessionId })),
      ],
    },
    'plan.changed': { actions: sendTo('billing', { type: 'membership.refresh' }) },
    'usage.rangeChosen': {
      actions: sendTo('usage', ({ event }) => ({
        type: 'resource.reload',
        params: { period: 'custom', startDate: event.startDate, endDate: event.endDate },
      })),
    },
    'membership.known': {
      actions: [
        sendTo('planChange', ({ event }) => ({ type: 'membership.known', current: event.current })),
        sendTo('paymentMethods', ({ event }) => ({ type: 'membership.known', current: event.current })),
      ],
    },
  },
});
