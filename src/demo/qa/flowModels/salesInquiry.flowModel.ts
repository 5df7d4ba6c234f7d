import type { SalesInquiryReceipt } from '../../../api/schemas/sales';
import { type FlowModel, failingOrNotOffered } from '../../../machines/model';
import {
  firstRefused,
  type SalesContext,
  type SalesForm,
  salesInquiryMachine,
  validateSalesForm,
} from '../../../machines/usageBilling/salesInquiry/salesInquiry.machine';

/** An inquiry as a buyer fills it in. */
export const sampleInquiry: SalesForm = {
  name: 'Mei Chen',
  email: 'mei.chen@harbourtrading.test',
  company: 'Harbour Trading Ltd',
  numbers: '25',
  message: 'We run support in Cantonese and English across three shops.',
};

export const sampleReceipt: SalesInquiryReceipt = { id: 'inq-1', receivedAt: '2026-11-24T10:00:00.000Z' };

export const salesInquiryModel: FlowModel = {
  id: 'salesInquiry',
  machine: salesInquiryMachine,
  events: [
    { type: 'sales.opened' },
    { type: 'sales.closed' },
    // The whole inquiry typed in, field by field, and one field typed wrong.
    ...(Object.entries(sampleInquiry) as [keyof SalesForm, string][]).map(([field, value]) => ({
      type: 'field.changed' as const,
      field,
      value,
    })),
    { type: 'field.changed', field: 'numbers', value: '0' },
    { type: 'inquiry.submitted' },
  ],
  outputs: { sendInquiry: sampleReceipt },
  errors: { sendInquiry: failingOrNotOffered('sendInquiry') },
  // What decides the guards and what the dialog shows: which field would be refused, what was said.
  serialize: ({ context: c }: { context: SalesContext }) => [
    firstRefused(validateSalesForm(c.form)) ?? null,
    Object.keys(c.errors).sort().join(),
    c.failure !== null,
    c.receipt !== null,
  ],
};
