import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { ApiError } from '../../api/errors';
import { getInvoice, payInvoice } from '../../api/invoices';
import { type Invoice, isPayable, type PayInvoiceResult } from '../../api/schemas/invoices';
import { describeError } from '../errors';
import { fromRequest } from '../request';
import { askApp } from '../system';
import { paymentUrl } from '../usageBilling/billing/links';
import { billingHistoryMessages } from '../usageBilling/billingHistory/billingHistory.machine';

export interface InvoiceContext {
  invoiceId: string | null;
  invoice: Invoice | null;
  error: MessageDescriptor | string | null;
  payError: MessageDescriptor | string | null;
  redirectUrl: string | null;
}

export type InvoiceEvent =
  | { type: 'invoice.retry' }
  | { type: 'invoice.print' }
  | { type: 'invoice.pay' }
  | { type: 'payment.dismissed' }
  | { type: 'page.restored' };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/**
 * One invoice as a printable page (/invoices/:invoiceId): it loads, says "not found" for an unknown or
 * foreign id, fails with a retry, prints (the app opens the browser's print dialog) and
 * pays a failed or pending invoice through the provider's page, followed only when paymentUrl() accepts it.
 */
export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
    input: {} as { invoiceId: string | null },
  },
  actors: {
    loadInvoice: fromRequest<Invoice, { invoiceId: string }>(({ input, signal }) =>
      getInvoice(input.invoiceId, signal),
    ),
    payInvoice: fromRequest<PayInvoiceResult, { invoiceId: string }>(({ input, signal }) =>
      payInvoice(input.invoiceId, signal),
    ),
  },
  guards: {
    hasInvoiceId: ({ context }) => context.invoiceId !== null,
    isNotFound: ({ event }) => {
      const error = errorOf(event);
      return error instanceof ApiError && error.status === 404;
    },
    isPayable: ({ context }) => context.invoice !== null && isPayable(context.invoice.status),
    hasSafeRedirect: ({ event }) => paymentUrl(outputOf<PayInvoiceResult>(event)?.redirectUrl) !== null,
  },
  actions: {
    keepInvoice: assign({ invoice: ({ event }) => outputOf<Invoice>(event), error: null }),
    forgetInvoice: assign({ invoice: null }),
    keepError: assign({ error: ({ event }) => describeError(errorOf(event)) }),
    /** The browser's print dialog, which only the app can open. */
    print: askApp({ type: 'app.print' }),
    forgetPayment: assign({ payError: null, redirectUrl: null }),
    keepRedirect: assign({
      redirectUrl: ({ event }) => outputOf<PayInvoiceResult>(event)?.redirectUrl ?? null,
    }),
    keepPayError: assign({ payError: ({ event }) => describeError(errorOf(event)) }),
    noPaymentPage: assign({ payError: billingHistoryMessages.noPaymentPage }),
    redirect: askApp((_, params: { url: string }) => ({ type: 'app.open', url: params.url })),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({
    invoiceId: input.invoiceId?.trim() || null,
    invoice: null,
    error: null,
    payError: null,
    redirectUrl: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasInvoiceId', target: 'loading' }, { target: 'notFound' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ invoiceId: context.invoiceId ?? '' }),
        onDone: { target: 'ready', actions: 'keepInvoice' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    // Gone since it was shown (read again after a payment): nothing of it stays on the page.
    notFound: { tags: ['notFound'], entry: 'forgetInvoice' },
    failed: {
      tags: ['failed'],
      on: { 'invoice.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: { 'invoice.print': { actions: 'print' } },
      states: {
        idle: {
          on: { 'invoice.pay': { guard: 'isPayable', target: 'paying', actions: 'forgetPayment' } },
        },
        paying: {
          tags: ['paying'],
          invoke: {
            id: 'payInvoice',
            src: 'payInvoice',
            input: ({ context }) => ({ invoiceId: context.invoice?.id ?? '' }),
            onDone: [
              { guard: 'hasSafeRedirect', target: 'redirecting', actions: 'keepRedirect' },
              { target: 'payFailed', actions: 'noPaymentPage' },
            ],
            onError: { target: 'payFailed', actions: 'keepPayError' },
          },
        },
        redirecting: {
          tags: ['redirecting'],
          entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
          // Back from the provider to the page as it was left: read the invoice again.
          on: { 'page.restored': { target: '#invoice.loading', actions: 'forgetPayment' } },
        },
        payFailed: {
          tags: ['payFailed'],
          on: {
            'invoice.pay': { guard: 'isPayable', target: 'paying', actions: 'forgetPayment' },
            'payment.dismissed': { target: 'idle', actions: 'forgetPayment' },
          },
        },
      },
    },
  },
});
