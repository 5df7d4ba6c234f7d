import type { PaymentSessionDetails } from '../../api/schemas/payments';
import type { FlowModel } from '../model';
import { samplePlan } from '../planChange/planChange.model';
import { paymentSuccessMachine } from './paymentSuccess.machine';

export const sampleDetails: PaymentSessionDetails = {
  paymentAmount: 29_900,
  paymentCurrency: 'usd',
  paymentMethod: 'card',
  payments: [{ id: 'pi-demo', createdAt: '2026-11-21T10:00:00.000Z' }],
  membership: samplePlan(),
};

export const paymentSuccessModel: FlowModel<{ sessionId: string | null }> = {
  id: 'paymentSuccess',
  machine: paymentSuccessMachine,
  input: { sessionId: 'cs_demo_paid' },
  inputs: [{ sessionId: null }],
  events: [{ type: 'details.retry' }],
  outputs: { loadDetails: sampleDetails },
};
