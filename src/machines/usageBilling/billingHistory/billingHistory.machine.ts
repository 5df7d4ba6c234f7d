import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { listInvoices, payInvoice } from '../../../api/invoices';
import { type InvoicePage, isPayable, type PayInvoiceResult } from '../../../api/schemas/invoices';
import { INVOICE_PAGE_SIZE } from '../../constants';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { askApp } from '../../system';
import { paymentUrl } from '../billing/links';

export const billingHistoryMessages = {
  /** The provider's answer had no page the app may go to. */
  noPaymentPage: msg`The payment could not be started. Please try again later.`,
};

export interface BillingHistoryContext {
  /** The page shown, or being loaded (from 1). */
  page: number;
  pageSize: number;
  /** The last page answered; kept while another loads, so the list does not jump. */
  data: InvoicePage | null;
  error: MessageDescriptor | string | null;
  /** The invoice being paid (or whose payment failed). */
  payingId: string | null;
  payError: MessageDescriptor | string | null;
  redirectUrl: string | null;
}

export type BillingHistoryEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'history.retry' }
  /** Pay now on a failed (or pending) invoice of the page shown. */
  | { type: 'invoice.pay'; invoiceId: string }
  | { type: 'payment.dismissed' }
  /** Back from the provider to this page as it was left (back/forward cache). */
  | { type: 'page.restored' };

/** How many pages the last answer counts (at least one). */
export const pageCount = (data: Pick<InvoicePage, 'total' | 'pageSize'> | null) =>
  data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize))) : 1;

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/**
 * The billing history card: one page of invoices, paging forward and back (a page change drops the call in
 * flight), and "pay now" on a failed invoice, which goes to the provider's page only when paymentUrl()
 * accepts it. Tags: loading, failed, empty (the list); paying, redirecting, payFailed (a payment).
 */
export const billingHistoryMachine = setup({
  types: {
    context: {} as BillingHistoryContext,
    events: {} as BillingHistoryEvent,
    input: {} as { pageSize?: number },
  },
  actors: {
    loadPage: fromRequest<InvoicePage, { page: number; pageSize: number }>(({ input, signal }) =>
      listInvoices(input, signal),
    ),
    payInvoice: fromRequest<PayInvoiceResult, { invoiceId: string }>(({ input, signal }) =>
      payInvoice(input.invoiceId, signal),
    ),
  },
  guards: {
    notOffered,
    hasNext: ({ context }) => context.data !== null && context.page < pageCount(context.data),
    hasPrevious: ({ context }) => context.page > 1,
    isEmpty: ({ event }) => outputOf<InvoicePage>(event).items.length === 0,
    // Only an invoice of the page shown, and one that can still be paid.
    canPay: ({ context, event }) =>
      event.type === 'invoice.pay' &&
      (context.data?.items ?? []).some((i) => i.id === event.invoiceId && isPayable(i.status)),
    hasSafeRedirect: ({ event }) => paymentUrl(outputOf<PayInvoiceResult>(event)?.redirectUrl) !== null,
  },
  actions: {
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    previousPage: assign({ page: ({ context }) => Math.max(1, context.page - 1) }),
    keepPage: assign({
      data: ({ event }) => outputOf<InvoicePage>(event),
      // The server may answer another page than asked (one past the end answers the last).
      page: ({ event }) => outputOf<InvoicePage>(event).page,
      error: null,
    }),
    keepError: assign({ error: ({ event }) => describeError((event as { error?: unknown }).error) }),
    startPaying: assign({
      payingId: ({ event }) => (event.type === 'invoice.pay' ? event.invoiceId : null),
      payError: null,
      redirectUrl: null,
    }),
    keepRedirect: assign({
      redirectUrl: ({ event }) => outputOf<PayInvoiceResult>(event)?.redirectUrl ?? null,
    }),
    keepPayError: assign({ payError: ({ event }) => describeError((event as { error?: unknown }).error) }),
    noPaymentPage: assign({ payError: billingHistoryMessages.noPaymentPage }),
    forgetPayment: assign({ payingId: null, payError: null, redirectUrl: null }),
    /** To the provider's page (checked by paymentUrl on the way in). */
    redirect: askApp((_, params: { url: string }) => ({ type: 'app.open', url: params.url })),
  },
}).createMachine({
  id: 'billingHistory',
  context: ({ input }) => ({
    page: 1,
    pageSize: input.pageSize ?? INVOICE_PAGE_SIZE,
    data: null,
    error: null,
    payingId: null,
    payError: null,
    redirectUrl: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      // Each page change loads anew; re-entering drops the call in flight (its signal aborts).
      on: {
        'page.next': { guard: 'hasNext', target: '.loading', actions: 'nextPage' },
        'page.previous': { guard: 'hasPrevious', target: '.loading', actions: 'previousPage' },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
            onDone: [
              { guard: 'isEmpty', target: 'empty', actions: 'keepPage' },
              { target: 'ready', actions: 'keepPage' },
            ],
            onError: [
              { guard: 'notOffered', target: 'notOffered', actions: assign({ error: null }) },
              { target: 'failed', actions: 'keepError' },
            ],
          },
        },
        ready: {},
        empty: { tags: ['empty'] },
        failed: {
          tags: ['failed'],
          on: { 'history.retry': 'loading' },
        },
        /** The server lists no invoices (the call is ours, beyond the spec's): the card says so once. */
        notOffered: { tags: ['notOffered'] },
      },
    },
    payment: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'invoice.pay': { guard: 'canPay', target: 'paying', actions: 'startPaying' } },
        },
        paying: {
          tags: ['paying'],
          invoke: {
            id: 'payInvoice',
            src: 'payInvoice',
            input: ({ context }) => ({ invoiceId: context.payingId ?? '' }),
            onDone: [
              { guard: 'hasSafeRedirect', target: 'redirecting', actions: 'keepRedirect' },
              // No page the app may follow: the payment cannot start.
              { target: 'failed', actions: 'noPaymentPage' },
            ],
            onError: { target: 'failed', actions: 'keepPayError' },
          },
        },
        redirecting: {
          tags: ['redirecting'],
          entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
          on: {
            // Back from the provider to the page as it was left: the list may have changed, load it again.
            'page.restored': {
              target: ['#billingHistory.payment.idle', '#billingHistory.list.loading'],
              actions: 'forgetPayment',
            },
          },
        },
        failed: {
          tags: ['payFailed'],
          on: {
            'invoice.pay': { guard: 'canPay', target: 'paying', actions: 'startPaying' },
            'payment.dismissed': { target: 'idle', actions: 'forgetPayment' },
          },
        },
      },
    },
  },
});
