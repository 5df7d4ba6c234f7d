import { HttpResponse } from 'msw';
import type { Invoice, InvoicePage, InvoiceSeller, InvoiceSummary } from '../../src/api/schemas/invoices';
import { INVOICES_PATH } from '../../src/api/schemas/invoices';
import type { ScheduleTypeCode } from '../../src/api/schemas/payments';
import { DAY, isoNow, now } from '../clock';
import { db, type InvoiceRecord, newId, notifyDbChanged } from '../db';
import { planOf } from '../rules';
import { billingDetailsOf } from './billingDetails';
import { authedRoute, errorResponse, fail } from './common';
import { appOrigin, DEMO_CHECKOUT_PATH } from './payments';

/*
 * The billing history (issue 18, point 2).
 *
 * GET  /payments/invoices?page=&pageSize=  -> { items, total, page, pageSize }, newest first
 * GET  /payments/invoices/{id}             -> the invoice, its lines, the seller and whom it is billed to
 * POST /payments/invoices/{id}/pay         -> { redirectUrl } of a checkout for a failed or pending invoice
 *
 * "Bill to" is the user's billing details as they are when the invoice is read (billingDetailsOf), not a
 * copy frozen when it was issued: the demo has no other way to show a change of details on its invoices.
 * Another user's invoice is answered as missing. invoiceFailures switches the calls to a 500 (tests, QA).
 */

/** Who issues every invoice of the product. */
export const SELLER: InvoiceSeller = {
  name: 'Influx AI Ltd.',
  addressLine1: '1 Harbourfront Avenue, #14-07',
  addressLine2: 'Keppel Bay Tower',
  city: 'Singapore',
  postalCode: '098632',
  country: 'SG',
  taxId: 'GST M2-0123456-7',
  email: 'billing@influx.example',
};

export const DEFAULT_INVOICE_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** Failure switches read at request time; resetInvoiceFailures puts them back. */
export const invoiceFailures = { list: false, detail: false, pay: false };
export const resetInvoiceFailures = () =>
  Object.assign(invoiceFailures, { list: false, detail: false, pay: false });

const unavailable = () => errorResponse(500, 'The billing service is not available');

const toSummary = (r: InvoiceRecord): InvoiceSummary => ({
  id: r.id,
  number: r.number,
  issuedAt: r.issuedAt,
  dueAt: r.dueAt,
  paidAt: r.paidAt,
  total: r.total,
  currency: r.currency,
  status: r.status,
});

const invoicesOf = (userId: string) =>
  db.invoices
    .findMany((q) => q.where((r) => r.userId === userId))
    .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.number.localeCompare(a.number));

const findInvoice = (userId: string, id: string) =>
  db.invoices.findFirst((q) => q.where((r) => r.id === id && r.userId === userId));

/** A whole number from the query within [min, max], else the default (a server clamps rather than fails). */
function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  const n = raw === null ? Number.NaN : Number(raw);
  if (!Number.isInteger(n)) return fallback;
  return Math.min(Math.max(n, min), max);
}

/** The next invoice number of a user: INV-<yyyy>-<sequence>. */
function nextNumber(userId: string, issuedAt: string): string {
  const count = db.invoices.findMany((q) => q.where((r) => r.userId === userId)).length;
  return `INV-${issuedAt.slice(0, 4)}-${String(count + 1).padStart(4, '0')}`;
}

export interface NewInvoice {
  id?: string;
  description: string;
  /** Minor units, before tax. */
  amount: number;
  currency?: string;
  status: InvoiceRecord['status'];
  issuedAt: string;
  periodStart?: string;
  periodEnd?: string;
  paidAt?: string | null;
  number?: string;
  /** The plan and cycle it bills, when it bills one. */
  planId?: string;
  scheduleType?: ScheduleTypeCode;
}

/** Issues an invoice of one line (the seed, and a paid plan change). */
export async function issueInvoice(userId: string, invoice: NewInvoice): Promise<InvoiceRecord> {
  const issued = Date.parse(invoice.issuedAt);
  const periodStart = invoice.periodStart ?? invoice.issuedAt;
  const periodEnd = invoice.periodEnd ?? new Date(issued + 30 * DAY).toISOString();
  const record = await db.invoices.create({
    id: invoice.id ?? newId('inv'),
    userId,
    number: invoice.number ?? nextNumber(userId, invoice.issuedAt),
    status: invoice.status,
    currency: invoice.currency ?? 'usd',
    issuedAt: invoice.issuedAt,
    dueAt: new Date(issued + 14 * DAY).toISOString(),
    paidAt: invoice.status === 'paid' ? (invoice.paidAt ?? invoice.issuedAt) : null,
    lines: [
      {
        description: invoice.description,
        quantity: 1,
        unitAmount: invoice.amount,
        amount: invoice.amount,
        periodStart,
        periodEnd,
      },
    ],
    subtotal: invoice.amount,
    tax: 0,
    total: invoice.amount,
    planId: invoice.planId,
    scheduleType: invoice.scheduleType,
  });
  notifyDbChanged();
  return record;
}

/** The provider settled an invoice's checkout: the invoice is paid (nothing else changes). */
export async function markInvoicePaid(invoiceId: string): Promise<void> {
  const record = db.invoices.findFirst((q) => q.where((r) => r.id === invoiceId));
  if (!record || record.status === 'paid') return;
  await db.invoices.update(record, {
    data(r) {
      r.status = 'paid';
      r.paidAt = isoNow();
    },
  });
  notifyDbChanged();
}

function randomSessionId(): string {
  return `cs_demo_inv_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

export const invoiceHandlers = [
  authedRoute('get', INVOICES_PATH, ({ request, user }) => {
    if (invoiceFailures.list) return unavailable();
    const url = new URL(request.url);
    const pageSize = intParam(url, 'pageSize', DEFAULT_INVOICE_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const all = invoicesOf(user.id);
    const lastPage = Math.max(1, Math.ceil(all.length / pageSize));
    const page = intParam(url, 'page', 1, 1, lastPage);
    const items = all.slice((page - 1) * pageSize, page * pageSize).map(toSummary);
    return HttpResponse.json<InvoicePage>({ items, total: all.length, page, pageSize });
  }),

  authedRoute('get', `${INVOICES_PATH}/:id`, ({ params, user }) => {
    if (invoiceFailures.detail) return unavailable();
    const record = findInvoice(user.id, params.id ?? '');
    if (!record) throw fail.notFound('Invoice');
    const { userId: _, planId: _plan, scheduleType: _cycle, ...invoice } = record;
    return HttpResponse.json<Invoice>({ ...invoice, seller: SELLER, billTo: billingDetailsOf(user) });
  }),

  authedRoute('post', `${INVOICES_PATH}/:id/pay`, async ({ request, params, user }) => {
    if (invoiceFailures.pay) return unavailable();
    const record = findInvoice(user.id, params.id ?? '');
    if (!record) throw fail.notFound('Invoice');
    if (record.status === 'paid') throw fail.duplicate('This invoice is already paid');
    const sessionId = randomSessionId();
    await db.checkouts.create({
      sessionId,
      userId: user.id,
      // The checkout names what the invoice bills (an invoice of an earlier plan is still that plan's), and
      // paying it settles the invoice only.
      planId: record.planId ?? planOf(user.id).id,
      scheduleType: record.scheduleType ?? 1,
      status: 'pending',
      amount: record.total,
      currency: record.currency,
      createdAt: isoNow(),
      paidAt: null,
      paymentId: null,
      invoiceId: record.id,
    });
    const redirectUrl = `${appOrigin(request)}${DEMO_CHECKOUT_PATH}?session_id=${encodeURIComponent(sessionId)}`;
    return HttpResponse.json({ redirectUrl });
  }),
];

/** How many months of history the demo owner has. */
export const DEMO_INVOICE_MONTHS = 14;

/**
 * The demo owner's history: a monthly Starter invoice for each of the past 14 months, oldest first numbered
 * INV-…-0001; the newest is pending, the third newest failed, the rest paid. Ids are fixed (inv-demo-01 is
 * the oldest) so tests can open one.
 */
export async function seedDemoInvoices(userId: string, monthlyAmount = 9900): Promise<void> {
  const t = now();
  for (let i = DEMO_INVOICE_MONTHS; i >= 1; i--) {
    const monthsAgo = i - 1;
    const issued = new Date(t);
    issued.setUTCHours(9, 0, 0, 0);
    issued.setUTCDate(1);
    issued.setUTCMonth(issued.getUTCMonth() - monthsAgo);
    const end = new Date(issued);
    end.setUTCMonth(end.getUTCMonth() + 1);
    const seq = DEMO_INVOICE_MONTHS - i + 1;
    const status = monthsAgo === 0 ? 'pending' : monthsAgo === 2 ? 'failed' : 'paid';
    await issueInvoice(userId, {
      id: `inv-demo-${String(seq).padStart(2, '0')}`,
      number: `INV-${issued.getUTCFullYear()}-${String(seq).padStart(4, '0')}`,
      description: 'Starter plan, monthly',
      planId: 'plan-starter',
      scheduleType: 1,
      amount: monthlyAmount,
      status,
      issuedAt: issued.toISOString(),
      periodStart: issued.toISOString(),
      periodEnd: end.toISOString(),
      paidAt: status === 'paid' ? new Date(issued.getTime() + 2 * 3_600_000).toISOString() : null,
    });
  }
}
