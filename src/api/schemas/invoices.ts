import * as z from 'zod/mini';
import { BillingDetailsSchema } from './billingDetails';
import { DateTimeSchema, IdSchema } from './common';

/** The statuses the billing history knows; anything else a server sends reads as "unknown". */
export const INVOICE_STATUSES = ['paid', 'pending', 'failed'] as const;
export type KnownInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type InvoiceStatus = KnownInvoiceStatus | 'unknown';

/** A status as the screens show it: one of the known ones, or "unknown" (never mislabelled). */
export const invoiceStatus = (raw: string): InvoiceStatus =>
  (INVOICE_STATUSES as readonly string[]).includes(raw) ? (raw as KnownInvoiceStatus) : 'unknown';

/** Whether an invoice can still be paid (a failed or pending one). */
export const isPayable = (raw: string) => raw === 'failed' || raw === 'pending';

/** GET /payments/invoices: one page, counted from 1. */
export const INVOICE_PAGE_SIZE_MAX = 100;
export const InvoicePageQuerySchema = z.object({
  page: z.int().check(z.gte(1)),
  pageSize: z.int().check(z.gte(1), z.lte(INVOICE_PAGE_SIZE_MAX)),
});
export type InvoicePageQuery = z.infer<typeof InvoicePageQuerySchema>;

/** A status a server sends as anything: kept as text, read through invoiceStatus(). */
const statusText = z.catch(z.string(), 'unknown');
const optionalText = z.catch(z.string(), '');
const optionalDate = z.catch(z.nullable(DateTimeSchema), null);

/**
 * One row of the billing history. Required: what the row shows (date, number, amount, status). The amount is
 * in minor units (divide by 100); the currency is an ISO 4217 code in any case.
 */
export const InvoiceSummarySchema = z.looseObject({
  id: IdSchema,
  number: z.string(),
  issuedAt: DateTimeSchema,
  /** Minor units. */
  total: z.int(),
  currency: z.string(),
  status: statusText,
  dueAt: optionalDate,
  paidAt: optionalDate,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** One page of the history, newest first; `total` counts every invoice. */
export const InvoicePageSchema = z.looseObject({
  items: z.array(InvoiceSummarySchema),
  total: z.int().check(z.gte(0)),
  page: z.int().check(z.gte(1)),
  pageSize: z.int().check(z.gte(1)),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/** One line of an invoice; amounts in minor units. Quantity 1 when left out. */
export const InvoiceLineSchema = z.looseObject({
  description: z.string(),
  quantity: z.catch(z.number(), 1),
  unitAmount: z.optional(z.int()),
  amount: z.int(),
  periodStart: optionalDate,
  periodEnd: optionalDate,
});

/** Who issues the invoice; every field but the name may be missing (shown empty). */
export const InvoiceSellerSchema = z.looseObject({
  name: z.string(),
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  postalCode: optionalText,
  country: optionalText,
  taxId: optionalText,
  email: optionalText,
});
export type InvoiceSeller = z.infer<typeof InvoiceSellerSchema>;

/**
 * GET /payments/invoices/{id}: the invoice with its lines, the seller, and the billing details it is
 * addressed to (all empty when the user has none). Subtotal and tax are optional: without them the total
 * stands alone.
 */
export const InvoiceSchema = z.looseObject({
  ...InvoiceSummarySchema.shape,
  lines: z.catch(z.array(InvoiceLineSchema), []),
  subtotal: z.optional(z.nullable(z.int())),
  tax: z.optional(z.nullable(z.int())),
  seller: z.optional(z.nullable(InvoiceSellerSchema)),
  billTo: z.catch(z.nullable(BillingDetailsSchema), null),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** POST /payments/invoices/{id}/pay: where the provider collects the payment. */
export const PayInvoiceResultSchema = z.looseObject({ redirectUrl: z.optional(z.string()) });
export type PayInvoiceResult = z.infer<typeof PayInvoiceResultSchema>;

/** The endpoint's path below the API base (the mock serves it too, without the HTTP client). */
export const INVOICES_PATH = '/payments/invoices';
