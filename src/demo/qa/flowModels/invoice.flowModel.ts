import { ApiError } from '../../../api/errors';
import type { Invoice } from '../../../api/schemas/invoices';
import { invoiceMachine } from '../../../machines/invoice/invoice.machine';
import { type FlowModel, oneOf } from '../../../machines/model';
import { safeRedirect, sampleInvoiceSummary, unsafeRedirect } from './billingHistory.flowModel';

/** The demo owner's failed invoice, as the invoice page reads it. */
export const sampleInvoice = (status = 'failed'): Invoice => ({
  ...sampleInvoiceSummary(12, status),
  lines: [
    {
      description: 'Starter plan, monthly',
      quantity: 1,
      unitAmount: 9900,
      amount: 9900,
      periodStart: '2026-12-01T09:00:00.000Z',
      periodEnd: '2027-01-01T09:00:00.000Z',
    },
  ],
  subtotal: 9900,
  tax: 0,
  seller: {
    name: 'Influx AI Ltd.',
    addressLine1: '1 Harbourfront Avenue, #14-07',
    addressLine2: '',
    city: 'Singapore',
    postalCode: '098632',
    country: 'SG',
    taxId: 'GST M2-0123456-7',
    email: 'billing@influx.example',
  },
  billTo: {
    companyName: 'Harbour Tea Trading Ltd.',
    addressLine1: '18 Queensway, Unit 1203',
    addressLine2: 'Admiralty Centre Tower 2',
    city: 'Hong Kong',
    region: '',
    postalCode: '',
    country: 'HK',
    taxId: '71234567-000-03-24-A',
    billingEmail: 'accounts@harbourtea.example',
    updatedAt: '2026-10-25T00:00:00.000Z',
  },
});

export const notFoundError = new ApiError({
  kind: 'http',
  status: 404,
  endpoint: 'GET /payments/invoices/{id}',
  message: 'Invoice not found',
});
export const serverError = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'GET /payments/invoices/{id}',
  message: 'The billing service is not available',
});

export const invoiceModel: FlowModel<{ invoiceId: string | null }> = {
  id: 'invoice',
  machine: invoiceMachine,
  input: { invoiceId: 'inv-demo-12' },
  inputs: [{ invoiceId: null }],
  events: [
    { type: 'invoice.retry' },
    { type: 'invoice.print' },
    { type: 'invoice.pay' },
    { type: 'payment.dismissed' },
    { type: 'page.restored' },
  ],
  outputs: {
    loadInvoice: oneOf(sampleInvoice('failed'), sampleInvoice('paid')),
    payInvoice: oneOf(safeRedirect, unsafeRedirect),
  },
  errors: { loadInvoice: oneOf(notFoundError, serverError) },
};
