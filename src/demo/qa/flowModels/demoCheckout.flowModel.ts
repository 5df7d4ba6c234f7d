import { type FlowModel, oneOf } from '../../../machines/model';
import { demoCheckoutMachine } from '../../checkout/demoCheckout.machine';

const summary = (status: 'pending' | 'paid' | 'cancelled') => ({
  sessionId: 'cs_demo_model',
  status,
  planName: 'Pro',
  scheduleType: 1,
  amount: 29_900,
  currency: 'usd',
});

export const demoCheckoutModel: FlowModel<{ sessionId: string | null }> = {
  id: 'demoCheckout',
  machine: demoCheckoutMachine,
  input: { sessionId: 'cs_demo_model' },
  inputs: [{ sessionId: null }],
  events: [{ type: 'checkout.paid' }, { type: 'checkout.cancelled' }],
  outputs: {
    lookup: oneOf(summary('pending'), summary('paid'), summary('cancelled'), null),
    // Paid or cancelled meanwhile elsewhere: the answer is no longer pending.
    pay: oneOf(summary('paid'), null),
    cancel: oneOf(summary('cancelled'), null),
  },
  serialize: ({ context: c }) => c.checkout?.status ?? null,
};
