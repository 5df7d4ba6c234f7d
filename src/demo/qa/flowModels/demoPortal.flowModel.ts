import { type FlowModel, oneOf } from '../../../machines/model';
import { demoPortalMachine } from '../../checkout/demoPortal.machine';

const portal = (cancelAtPeriodEnd: boolean, scheduleType: 1 | 2 = 1) => ({
  sessionId: 'cs_demo_model',
  planName: 'Pro',
  scheduleType,
  endDate: '2026-12-27T09:00:00.000Z',
  cancelAtPeriodEnd,
  monthlyPrice: 29_900,
  yearlyPrice: 299_000,
  currency: 'usd',
  card: { brand: 'Visa', last4: '4242' },
});

export const demoPortalModel: FlowModel<{ sessionId: string | null }> = {
  id: 'demoPortal',
  machine: demoPortalMachine,
  input: { sessionId: 'cs_demo_model' },
  inputs: [{ sessionId: null }],
  events: [
    { type: 'portal.cancelRequested' },
    { type: 'portal.resumeRequested' },
    { type: 'portal.cycleChosen', scheduleType: 2 },
    { type: 'portal.cardUpdateRequested' },
    { type: 'portal.returned' },
  ],
  outputs: {
    lookup: oneOf(portal(false), null),
    // The subscription is gone meanwhile (ended, or changed elsewhere): null.
    change: oneOf(portal(true), portal(false, 2), null),
    cardUpdate: oneOf('seti_demo_model', null),
  },
  serialize: ({ context: c }) => [
    c.portal?.cancelAtPeriodEnd ?? null,
    c.portal?.scheduleType ?? null,
    c.changed,
  ],
};
