import type { BillingDetails } from '../../../api/schemas/billingDetails';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';
import {
  type BillingDetailsContext,
  type BillingForm,
  billingDetailsMachine,
  firstRefused,
  validateBillingForm,
} from '../../../machines/usageBilling/billingDetails/billingDetails.machine';

/** Details as a company fills them in. */
export const sampleBillingForm: BillingForm = {
  companyName: 'Harbour Tea Trading Ltd.',
  addressLine1: '18 Queensway, Unit 1203',
  addressLine2: '',
  city: 'Hong Kong',
  region: '',
  postalCode: '',
  country: 'HK',
  taxId: '71234567-000-03-24-A',
  billingEmail: 'accounts@harbourtea.example',
};

export const sampleBillingDetails: BillingDetails = {
  ...sampleBillingForm,
  updatedAt: '2026-11-24T10:00:00.000Z',
};

/** What a server answers a user who never saved any: empty fields, the sign-in e-mail to bill. */
export const noBillingDetails: BillingDetails = {
  ...Object.fromEntries(Object.keys(sampleBillingForm).map((k) => [k, ''])),
  billingEmail: 'owner@demo.test',
  updatedAt: null,
} as BillingDetails;

export const billingDetailsModel: FlowModel = {
  id: 'billingDetails',
  machine: billingDetailsMachine,
  events: [
    { type: 'details.retried' },
    { type: 'details.edited' },
    { type: 'details.cancelled' },
    // The details typed in, and the company name cleared (refused).
    { type: 'field.changed', field: 'companyName', value: sampleBillingForm.companyName },
    { type: 'field.changed', field: 'addressLine1', value: sampleBillingForm.addressLine1 },
    { type: 'field.changed', field: 'city', value: sampleBillingForm.city },
    { type: 'field.changed', field: 'country', value: sampleBillingForm.country },
    { type: 'field.changed', field: 'companyName', value: '' },
    { type: 'details.submitted' },
  ],
  outputs: { loadDetails: oneOf(noBillingDetails, sampleBillingDetails), saveDetails: sampleBillingDetails },
  errors: { loadDetails: failingOrNotOffered('loadDetails') },
  // What decides the guards and what the card shows: which field would be refused, what was said, saved.
  serialize: ({ context: c }: { context: BillingDetailsContext }) => [
    firstRefused(validateBillingForm(c.form)) ?? null,
    Object.keys(c.errors).sort().join(),
    c.failure !== null,
    c.saved?.companyName ?? null,
  ],
};
