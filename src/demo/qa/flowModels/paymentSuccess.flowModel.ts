import { DEMO_ADMIN_CHECKOUT } from '../../../../mocks/seed';
import type { PaymentSessionDetails } from '../../../api/schemas/payments';
import type { FlowModel } from '../../../machines/model';
import { paymentSuccessMachine } from '../../../machines/paymentSuccess/paymentSuccess.machine';
import { samplePlan } from './planChange.flowModel';

const pro = samplePlan();

/** The demo admin's paid checkout: the yearly Pro plan. */
export const sampleDetails: PaymentSessionDetails = {
  paymentAmount: pro.yearlyPrice * 100,
  paymentCurrency: 'usd',
  paymentMethod: 'card',
  payments: [{ id: 'pi-demo', createdAt: '2026-11-21T10:00:00.000Z' }],
  membership: pro,
};

export const paymentSuccessModel: FlowModel<{ sessionId: string | null }> = {
  id: 'paymentSuccess',
  machine: paymentSuccessMachine,
  input: { sessionId: DEMO_ADMIN_CHECKOUT.sessionId },
  inputs: [{ sessionId: null }],
  events: [{ type: 'details.retry' }],
  outputs: { loadDetails: sampleDetails },
};
