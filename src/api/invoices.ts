import { http } from './client';
import {
  INVOICES_PATH,
  type Invoice,
  type InvoicePage,
  type InvoicePageQuery,
  InvoicePageQuerySchema,
  InvoicePageSchema,
  InvoiceSchema,
  type PayInvoiceResult,
  PayInvoiceResultSchema,
} from './schemas/invoices';

const invoicePath = (id: string) => `${INVOICES_PATH}/${encodeURIComponent(id)}`;

/** One page of the billing history, newest first. */
export function listInvoices(query: InvoicePageQuery, signal?: AbortSignal): Promise<InvoicePage> {
  const { page, pageSize } = InvoicePageQuerySchema.parse(query);
  return http.get(INVOICES_PATH, InvoicePageSchema, {
    query: { page: String(page), pageSize: String(pageSize) },
    signal,
  });
}

/** One invoice with its lines, the seller and whom it is addressed to. */
export const getInvoice = (id: string, signal?: AbortSignal): Promise<Invoice> =>
  http.get(invoicePath(id), InvoiceSchema, { signal });

/** Starts paying a failed (or pending) invoice: answers the provider's page to go to. */
export const payInvoice = (id: string, signal?: AbortSignal): Promise<PayInvoiceResult> =>
  http.post(`${invoicePath(id)}/pay`, PayInvoiceResultSchema, { signal });
