import type { InvoicePage, InvoiceSummary, PayInvoiceResult } from '../../../api/schemas/invoices';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';
import { billingHistoryMachine } from '../../../machines/usageBilling/billingHistory/billingHistory.machine';

/** A month's invoice of the demo owner as the list answers it. */
export const sampleInvoiceSummary = (n: number, status: string, month = n): InvoiceSummary => ({
  id: `inv-demo-${String(n).padStart(2, '0')}`,
  number: `INV-2026-${String(n).padStart(4, '0')}`,
  issuedAt: `2026-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01T09:00:00.000Z`,
  dueAt: null,
  paidAt: null,
  total: 9900,
  currency: 'usd',
  status,
});

/** The first of three pages (23 invoices): one failed, one pending. */
export const samplePage: InvoicePage = {
  items: [
    sampleInvoiceSummary(23, 'pending', 11),
    sampleInvoiceSummary(22, 'paid', 10),
    sampleInvoiceSummary(21, 'failed', 9),
    ...[20, 19, 18, 17, 16, 15, 14].map((n) => sampleInvoiceSummary(n, 'paid', n - 12)),
  ],
  total: 23,
  page: 1,
  pageSize: 10,
};

export const emptyPage: InvoicePage = { items: [], total: 0, page: 1, pageSize: 10 };

export const safeRedirect: PayInvoiceResult = { redirectUrl: 'https://checkout.example.com/pay/cs_test_1' };
export const unsafeRedirect: PayInvoiceResult = { redirectUrl: 'javascript:alert(1)' };

export const billingHistoryModel: FlowModel = {
  id: 'billingHistory',
  machine: billingHistoryMachine,
  input: {},
  events: [
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'history.retry' },
    { type: 'invoice.pay', invoiceId: 'inv-demo-21' },
    // A paid invoice cannot be paid again.
    { type: 'invoice.pay', invoiceId: 'inv-demo-22' },
    { type: 'payment.dismissed' },
    { type: 'page.restored' },
  ],
  outputs: {
    loadPage: oneOf(samplePage, emptyPage),
    payInvoice: oneOf(safeRedirect, unsafeRedirect),
  },
  errors: { loadPage: failingOrNotOffered('loadPage') },
};
