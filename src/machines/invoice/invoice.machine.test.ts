import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../tests/stateViews';
import type { Invoice, PayInvoiceResult } from '../../api/schemas/invoices';
import { safeRedirect, unsafeRedirect } from '../../demo/qa/flowModels/billingHistory.flowModel';
import {
  invoiceModel,
  notFoundError,
  sampleInvoice,
  serverError,
} from '../../demo/qa/flowModels/invoice.flowModel';
import { billingHistoryMessages } from '../usageBilling/billingHistory/billingHistory.machine';
import { invoiceMachine } from './invoice.machine';

type Snap = SnapshotFrom<typeof invoiceMachine>;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const flush = () => Promise.resolve().then(() => Promise.resolve());

function start(invoiceId: string | null = 'inv-demo-12') {
  const loads: Array<{ invoiceId: string } & ReturnType<typeof deferred<Invoice>>> = [];
  const pays: Array<{ invoiceId: string } & ReturnType<typeof deferred<PayInvoiceResult>>> = [];
  const opened: string[] = [];
  let printed = 0;
  const actor = createActor(
    invoiceMachine.provide({
      actors: {
        loadInvoice: fromPromise(({ input }) => {
          const d = deferred<Invoice>();
          loads.push({ ...input, ...d });
          return d.promise;
        }),
        payInvoice: fromPromise(({ input }) => {
          const d = deferred<PayInvoiceResult>();
          pays.push({ ...input, ...d });
          return d.promise;
        }),
      },
      actions: {
        redirect: (_, params: { url: string }) => opened.push(params.url),
        print: () => {
          printed++;
        },
      },
    }),
    { input: { invoiceId } },
  ).start();
  return { actor, loads, pays, opened, printed: () => printed, snap: () => actor.getSnapshot() };
}

describe('invoice page', () => {
  it('loads the invoice of the address and prints it on request (only when shown)', async () => {
    const t = start();
    expect(t.loads.map((l) => l.invoiceId)).toEqual(['inv-demo-12']);
    t.actor.send({ type: 'invoice.print' });
    expect(t.printed()).toBe(0);
    t.loads[0]?.resolve(sampleInvoice());
    await flush();
    expect(t.snap().matches('ready')).toBe(true);
    t.actor.send({ type: 'invoice.print' });
    expect(t.printed()).toBe(1);
  });

  it('says "not found" for a missing id or a 404 (another user\'s invoice), and fails otherwise with a retry', async () => {
    expect(start(null).snap().hasTag('notFound')).toBe(true);
    expect(start('  ').snap().hasTag('notFound')).toBe(true);
    const missing = start('inv-nope');
    missing.loads[0]?.reject(notFoundError);
    await flush();
    expect(missing.snap().hasTag('notFound')).toBe(true);
    expect(missing.snap().can({ type: 'invoice.retry' })).toBe(false);

    const down = start();
    down.loads[0]?.reject(serverError);
    await flush();
    expect(down.snap().hasTag('failed')).toBe(true);
    expect(down.snap().context.error).toBe('The billing service is not available');
    down.actor.send({ type: 'invoice.retry' });
    down.loads[1]?.resolve(sampleInvoice());
    await flush();
    expect(down.snap().matches('ready')).toBe(true);
  });

  it('pays a failed invoice through the provider page paymentUrl accepts, and nothing else', async () => {
    const t = start();
    t.loads[0]?.resolve(sampleInvoice('failed'));
    await flush();
    t.actor.send({ type: 'invoice.pay' });
    t.pays[0]?.resolve(unsafeRedirect);
    await flush();
    expect(t.opened).toEqual([]);
    expect(t.snap().context.payError).toEqual(billingHistoryMessages.noPaymentPage);
    t.actor.send({ type: 'invoice.pay' });
    expect(t.snap().context.payError).toBeNull();
    t.pays[1]?.resolve(safeRedirect);
    await flush();
    expect(t.opened).toEqual([safeRedirect.redirectUrl]);
    expect(t.pays.map((p) => p.invoiceId)).toEqual(['inv-demo-12', 'inv-demo-12']);
  });

  it('offers no payment for a paid invoice, or one with an unknown status', async () => {
    for (const status of ['paid', 'refunded']) {
      const t = start();
      t.loads[0]?.resolve(sampleInvoice(status));
      await flush();
      expect(t.snap().can({ type: 'invoice.pay' })).toBe(false);
    }
  });
});

const payable = (s: Snap) => s.context.invoice?.status === 'failed';

describeStateViews(invoiceModel, {
  checking: {},
  loading: {
    tags: ['loading'],
    runs: { loadInvoice: (input: { invoiceId: string }) => expect(input.invoiceId).toBe('inv-demo-12') },
  },
  notFound: { tags: ['notFound'], shows: (s: Snap) => expect(s.context.invoice).toBeNull() },
  failed: {
    tags: ['failed'],
    enabled: ['invoice.retry'],
    shows: (s: Snap) => expect(s.context.error).toBe('The billing service is not available'),
  },
  ready: {
    enabled: ['invoice.print'],
    shows: (s: Snap) => expect(s.context.invoice?.id).toBe('inv-demo-12'),
  },
  'ready.idle': {
    enabled: (s: Snap) => (payable(s) ? ['invoice.pay'] : []),
    shows: (s: Snap) => expect(s.context.payError).toBeNull(),
  },
  'ready.paying': {
    tags: ['paying'],
    runs: { payInvoice: (input: { invoiceId: string }) => expect(input.invoiceId).toBe('inv-demo-12') },
  },
  'ready.redirecting': {
    tags: ['redirecting'],
    enabled: ['page.restored'],
    shows: (s: Snap) => expect(s.context.redirectUrl).toBe(safeRedirect.redirectUrl),
  },
  'ready.payFailed': {
    tags: ['payFailed'],
    enabled: ['invoice.pay', 'payment.dismissed'],
    shows: (s: Snap) => expect(s.context.payError).not.toBeNull(),
  },
});
