import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { InvoicePage, PayInvoiceResult } from '../../../api/schemas/invoices';
import {
  billingHistoryModel,
  emptyPage,
  safeRedirect,
  samplePage,
  unsafeRedirect,
} from '../../../demo/qa/flowModels/billingHistory.flowModel';
import { billingHistoryMachine, billingHistoryMessages, pageCount } from './billingHistory.machine';

type Snap = SnapshotFrom<typeof billingHistoryMachine>;

/** A promise the test settles by hand: nothing depends on how fast the machine runs. */
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

const serverError = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'GET /payments/invoices',
  message: 'The billing service is not available',
});

const pageOf = (page: number): InvoicePage => ({
  ...samplePage,
  page,
  items: samplePage.items.map((i) => ({ ...i, id: `${i.id}-p${page}` })),
});

function start() {
  const loads: Array<
    { input: { page: number; pageSize: number }; signal: AbortSignal } & ReturnType<
      typeof deferred<InvoicePage>
    >
  > = [];
  const pays: Array<{ invoiceId: string } & ReturnType<typeof deferred<PayInvoiceResult>>> = [];
  const opened: string[] = [];
  const actor = createActor(
    billingHistoryMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) => {
          const d = deferred<InvoicePage>();
          loads.push({ input, signal, ...d });
          return d.promise;
        }),
        payInvoice: fromPromise(({ input }) => {
          const d = deferred<PayInvoiceResult>();
          pays.push({ ...input, ...d });
          return d.promise;
        }),
      },
      actions: { redirect: (_, params: { url: string }) => opened.push(params.url) },
    }),
    { input: {} },
  ).start();
  return { actor, loads, pays, opened, snap: () => actor.getSnapshot() };
}

describe('billing history: paging', () => {
  it('loads the first page of 10, then pages forward and back, each page a call of its own', async () => {
    const t = start();
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.loads[0]?.input).toEqual({ page: 1, pageSize: 10 });
    // Nothing to page to before the first answer.
    expect(t.snap().can({ type: 'page.next' })).toBe(false);
    t.loads[0]?.resolve(pageOf(1));
    await flush();
    expect(t.snap().hasTag('loading')).toBe(false);
    expect(t.snap().context.data?.items).toHaveLength(10);
    expect(t.snap().can({ type: 'page.previous' })).toBe(false);

    t.actor.send({ type: 'page.next' });
    expect(t.snap().context.page).toBe(2);
    expect(t.snap().hasTag('loading')).toBe(true);
    // What was shown stays until the answer.
    expect(t.snap().context.data?.page).toBe(1);
    expect(t.loads[1]?.input).toEqual({ page: 2, pageSize: 10 });
    t.loads[1]?.resolve(pageOf(2));
    await flush();
    t.actor.send({ type: 'page.next' });
    t.loads[2]?.resolve(pageOf(3));
    await flush();
    expect(t.snap().context.page).toBe(3);
    // 23 invoices: page 3 is the last.
    expect(pageCount(t.snap().context.data)).toBe(3);
    expect(t.snap().can({ type: 'page.next' })).toBe(false);
    t.actor.send({ type: 'page.previous' });
    expect(t.loads[3]?.input).toEqual({ page: 2, pageSize: 10 });
  });

  it('drops the call in flight when the page changes again, and shows only the last answer', async () => {
    const t = start();
    t.loads[0]?.resolve(pageOf(1));
    await flush();
    t.actor.send({ type: 'page.next' });
    t.actor.send({ type: 'page.next' });
    expect(t.loads[1]?.signal.aborted).toBe(true);
    expect(t.loads[2]?.input.page).toBe(3);
    // The dropped call answering late changes nothing.
    t.loads[1]?.resolve(pageOf(2));
    await flush();
    expect(t.snap().hasTag('loading')).toBe(true);
    t.loads[2]?.resolve(pageOf(3));
    await flush();
    expect(t.snap().context.data?.page).toBe(3);
    expect(t.snap().context.page).toBe(3);
  });

  it('takes the page the server answers (a page past the end answers the last)', async () => {
    const t = start();
    t.loads[0]?.resolve({ ...samplePage, page: 3 });
    await flush();
    expect(t.snap().context.page).toBe(3);
  });

  it('fails with what went wrong, keeps the page shown, and retries the same page', async () => {
    const t = start();
    t.loads[0]?.resolve(pageOf(1));
    await flush();
    t.actor.send({ type: 'page.next' });
    t.loads[1]?.reject(serverError);
    await flush();
    expect(t.snap().hasTag('failed')).toBe(true);
    expect(t.snap().context.error).toBe('The billing service is not available');
    expect(t.snap().context.data?.page).toBe(1);
    t.actor.send({ type: 'history.retry' });
    expect(t.loads[2]?.input.page).toBe(2);
    t.loads[2]?.resolve(pageOf(2));
    await flush();
    expect(t.snap().context.error).toBeNull();
    expect(t.snap().hasTag('failed')).toBe(false);
  });

  it('says so when there are no invoices', async () => {
    const t = start();
    t.loads[0]?.resolve(emptyPage);
    await flush();
    expect(t.snap().hasTag('empty')).toBe(true);
    expect(t.snap().can({ type: 'page.next' })).toBe(false);
  });
});

describe('billing history: pay now', () => {
  it('pays a failed invoice of the page shown and goes to the provider page', async () => {
    const t = start();
    t.loads[0]?.resolve(samplePage);
    await flush();
    expect(t.snap().can({ type: 'invoice.pay', invoiceId: 'inv-demo-22' })).toBe(false);
    expect(t.snap().can({ type: 'invoice.pay', invoiceId: 'inv-unknown' })).toBe(false);
    t.actor.send({ type: 'invoice.pay', invoiceId: 'inv-demo-21' });
    expect(t.snap().hasTag('paying')).toBe(true);
    expect(t.pays.map((p) => p.invoiceId)).toEqual(['inv-demo-21']);
    t.pays[0]?.resolve(safeRedirect);
    await flush();
    expect(t.snap().hasTag('redirecting')).toBe(true);
    expect(t.opened).toEqual([safeRedirect.redirectUrl]);
    // Back from the provider to the page as it was: the list loads again.
    t.actor.send({ type: 'page.restored' });
    expect(t.snap().hasTag('redirecting')).toBe(false);
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.loads).toHaveLength(2);
  });

  it('never follows an address paymentUrl refuses, and says the payment could not start', async () => {
    const t = start();
    t.loads[0]?.resolve(samplePage);
    await flush();
    t.actor.send({ type: 'invoice.pay', invoiceId: 'inv-demo-23' });
    t.pays[0]?.resolve(unsafeRedirect);
    await flush();
    expect(t.opened).toEqual([]);
    expect(t.snap().hasTag('payFailed')).toBe(true);
    expect(t.snap().context.payError).toEqual(billingHistoryMessages.noPaymentPage);
  });

  it('keeps the list when the pay call fails, says why, and lets the user try again or dismiss', async () => {
    const t = start();
    t.loads[0]?.resolve(samplePage);
    await flush();
    t.actor.send({ type: 'invoice.pay', invoiceId: 'inv-demo-21' });
    t.pays[0]?.reject(serverError);
    await flush();
    expect(t.snap().hasTag('payFailed')).toBe(true);
    expect(t.snap().context.payError).toBe('The billing service is not available');
    expect(t.snap().context.payingId).toBe('inv-demo-21');
    expect(t.snap().context.data).toEqual(samplePage);
    t.actor.send({ type: 'invoice.pay', invoiceId: 'inv-demo-21' });
    expect(t.snap().context.payError).toBeNull();
    expect(t.pays).toHaveLength(2);
    t.pays[1]?.reject(serverError);
    await flush();
    t.actor.send({ type: 'payment.dismissed' });
    expect(t.snap().context.payingId).toBeNull();
    expect(t.snap().context.payError).toBeNull();
  });
});

const sampleIds = samplePage.items.map((i) => i.id);

describeStateViews(billingHistoryModel, {
  list: {
    enabled: (s: Snap) => [
      ...(s.context.data && s.context.page < pageCount(s.context.data) ? ['page.next'] : []),
      ...(s.context.page > 1 ? ['page.previous'] : []),
    ],
  },
  'list.loading': {
    tags: ['loading'],
    runs: {
      loadPage: (input: { page: number; pageSize: number }, s: Snap) =>
        expect(input).toEqual({ page: s.context.page, pageSize: 10 }),
    },
  },
  'list.ready': { shows: (s: Snap) => expect(s.context.data?.items.length).toBeGreaterThan(0) },
  'list.empty': { tags: ['empty'], shows: (s: Snap) => expect(s.context.data?.items).toEqual([]) },
  'list.failed': {
    tags: ['failed'],
    enabled: ['history.retry'],
    shows: (s: Snap) => expect(s.context.error).toBe('Internal server error'),
  },
  'list.notOffered': {
    tags: ['notOffered'],
    shows: (s: Snap) => expect(s.context.error).toBeNull(),
  },
  payment: {},
  'payment.idle': {
    enabled: (s: Snap) => (s.context.data?.items.some((i) => i.status === 'failed') ? ['invoice.pay'] : []),
    shows: (s: Snap) => expect(s.context.payError).toBeNull(),
  },
  'payment.paying': {
    tags: ['paying'],
    runs: { payInvoice: (input: { invoiceId: string }) => expect(input.invoiceId).toBe('inv-demo-21') },
  },
  'payment.redirecting': {
    tags: ['redirecting'],
    enabled: ['page.restored'],
    shows: (s: Snap) => expect(s.context.redirectUrl).toBe(safeRedirect.redirectUrl),
  },
  'payment.failed': {
    tags: ['payFailed'],
    enabled: (s: Snap) => [
      'payment.dismissed',
      ...(s.context.data?.items.some((i) => i.status === 'failed') ? ['invoice.pay'] : []),
    ],
    shows: (s: Snap) => {
      expect(s.context.payError).not.toBeNull();
      expect(sampleIds).toContain(s.context.payingId);
    },
  },
});
