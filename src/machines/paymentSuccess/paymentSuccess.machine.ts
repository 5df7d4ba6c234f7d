import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { getPaymentSession } from '../../api/payments';
import type { PaymentSessionDetails } from '../../api/schemas/payments';
import { fromRequest } from '../request';
import { rememberCheckoutSession } from '../usageBilling/billing/links';

export const paymentSuccessMessages = {
  missingSession: msg`Missing payment session ID.`,
  fetchFailed: msg`Failed to fetch payment details. Please try again later.`,
};

export interface PaymentSuccessContext {
  sessionId: string | null;
  /** Whose paid session it is (remembered per user). */
  userId: string | null;
  details: PaymentSessionDetails | null;
  error: MessageDescriptor | null;
}

export type PaymentSuccessEvent = { type: 'details.retry' };

/** The confirmation after checkout: the sessionId from the address is required. */
export const paymentSuccessMachine = setup({
  types: {
    context: {} as PaymentSuccessContext,
    events: {} as PaymentSuccessEvent,
    input: {} as { sessionId: string | null; userId?: string | null },
  },
  actors: {
    loadDetails: fromRequest<PaymentSessionDetails, { sessionId: string }>(({ input, signal }) =>
      getPaymentSession(input.sessionId, signal),
    ),
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null,
  },
  actions: {
    /** Subscription management needs the paid session later. */
    rememberSession: ({ context }, params: { sessionId: string }) =>
      rememberCheckoutSession(context.userId, params.sessionId),
  },
}).createMachine({
  id: 'paymentSuccess',
  context: ({ input }) => ({
    sessionId: input.sessionId?.trim() || null,
    userId: input.userId ?? null,
    details: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSessionId', target: 'loading' }, { target: 'missing' }],
    },
    missing: {
      tags: ['loadFailed'],
      entry: assign({ error: paymentSuccessMessages.missingSession }),
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ details: ({ event }) => event.output, error: null }),
            { type: 'rememberSession', params: ({ context }) => ({ sessionId: context.sessionId ?? '' }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: paymentSuccessMessages.fetchFailed }) },
      },
    },
    ready: {},
    failed: {
      tags: ['loadFailed'],
      on: { 'details.retry': 'loading' },
    },
  },
});
