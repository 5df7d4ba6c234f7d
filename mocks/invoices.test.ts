// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { InvoicePageSchema, InvoiceSchema } from '../src/api/schemas/invoices';
import { givenMembership, givenUser } from './fixtures';
import { invoiceFailures, issueInvoice, resetInvoiceFailures, SELLER } from './handlers/invoices';
import { completeCheckout, getCheckout } from './handlers/payments';
import { DEMO_BILLING_DETAILS, DEMO_OWNER, seedDemo } from './seed';
import { call, withMockServer } from './testing';

withMockServer();
afterEach(resetInvoiceFailures);

const page = (token: string, query = '') => call('GET', `/payments/invoices${query}`, { token });

describe('invoices', () => {
  it('seeds the demo owner 14 monthly USD invoices, newest first: one pending, one failed, the rest paid', async () => {
    await seedDemo();
    const first = await page(DEMO_OWNER.token, '?page=1&pageSize=10');
    expect(first.status).toBe(200);
    const parsed = InvoicePageSchema.parse(first.body);
    expect(parsed).toMatchObject({ total: 14, page: 1, pageSize: 10 });
    expect(parsed.items).toHaveLength(10);
    expect(parsed.items.map((i) => i.status).slice(0, 3)).toEqual(['pending', 'paid', 'failed']);
    expect(parsed.items.every((i) => i.currency === 'usd' && i.total === 9900)).toBe(true);
    const dates = parsed.items.map((i) => i.issuedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = InvoicePageSchema.parse((await page(DEMO_OWNER.token, '?page=2&pageSize=10')).body);
    expect(second.items.map((i) => i.id)).toEqual([
      'inv-demo-04',
      'inv-demo-03',
      'inv-demo-02',
      'inv-demo-01',
    ]);
    const all = [...parsed.items, ...second.items];
    expect(all.filter((i) => i.status === 'failed')).toHaveLength(1);
    expect(all.filter((i) => i.status === 'pending')).toHaveLength(1);
    // A page past the end answers the last one; nonsense falls back to the defaults.
    expect((await page(DEMO_OWNER.token, '?page=9&pageSize=10')).body.page).toBe(2);
    expect((await page(DEMO_OWNER.token, '?page=x&pageSize=0')).body).toMatchObject({ page: 1, pageSize: 1 });
  });

  it('answers an invoice with its lines, the seller and the billing details as they are now', async () => {
    await seedDemo();
    const answer = await call('GET', '/payments/invoices/inv-demo-12', { token: DEMO_OWNER.token });
    expect(answer.status).toBe(200);
    const invoice = InvoiceSchema.parse(answer.body);
    expect(invoice).toMatchObject({
      id: 'inv-demo-12',
      status: 'failed',
      total: 9900,
      subtotal: 9900,
      tax: 0,
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({ description: 'Starter plan, monthly', amount: 9900 }),
    ]);
    expect(invoice.seller).toEqual(SELLER);
    expect(invoice.billTo).toMatchObject(DEMO_BILLING_DETAILS);
    expect(answer.body).not.toHaveProperty('userId');
  });

  it("keeps each user's invoices to themselves", async () => {
    await seedDemo();
    const other = await givenUser({ email: 'other@b.test', planName: 'Free' });
    expect((await page(other.token)).body).toMatchObject({ items: [], total: 0, page: 1 });
    const foreign = await call('GET', '/payments/invoices/inv-demo-12', { token: other.token });
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Invoice not found' } });
    expect((await call('POST', '/payments/invoices/inv-demo-12/pay', { token: other.token })).status).toBe(
      404,
    );
    expect((await page('')).status).toBe(401);
  });

  it('pays a failed invoice through the demo checkout without touching the membership', async () => {
    await seedDemo();
    const before = (await call('GET', '/membership/user', { token: DEMO_OWNER.token })).body;
    const paid = await call('POST', '/payments/invoices/inv-demo-13/pay', { token: DEMO_OWNER.token });
    expect(paid.status).toBe(409);
    const started = await call('POST', '/payments/invoices/inv-demo-12/pay', {
      token: DEMO_OWNER.token,
      headers: { Origin: 'http://127.0.0.1:5173' },
    });
    expect(started.status).toBe(200);
    const url = new URL(started.body.redirectUrl);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:5173/demo-checkout');
    const summary = await completeCheckout(url.searchParams.get('session_id') ?? '');
    expect(summary).toMatchObject({ status: 'paid', invoiceId: 'inv-demo-12', amount: 9900 });
    const invoice = (await call('GET', '/payments/invoices/inv-demo-12', { token: DEMO_OWNER.token })).body;
    expect(invoice).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    const after = (await call('GET', '/membership/user', { token: DEMO_OWNER.token })).body;
    expect(after).toEqual(before);
    expect((await page(DEMO_OWNER.token)).body.total).toBe(14);
  });

  it("an invoice's checkout names what the invoice bills, also after a change of plan", async () => {
    await seedDemo();
    // The owner moves to Pro yearly; the failed invoice is still a month of Starter.
    await givenMembership(DEMO_OWNER.id, { planId: 'plan-pro', scheduleType: 2 });
    const started = await call('POST', '/payments/invoices/inv-demo-12/pay', { token: DEMO_OWNER.token });
    const session = new URL(started.body.redirectUrl).searchParams.get('session_id') ?? '';
    expect(getCheckout(session)).toMatchObject({
      planName: 'Starter',
      scheduleType: 1,
      amount: 9900,
      invoiceId: 'inv-demo-12',
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-0012$/),
    });
    // The plan and cycle are the mock's bookkeeping: no answer carries them.
    const invoice = (await call('GET', '/payments/invoices/inv-demo-12', { token: DEMO_OWNER.token })).body;
    expect(invoice).not.toHaveProperty('planId');
    expect(invoice).not.toHaveProperty('scheduleType');
  });

  it('adds a paid invoice when a plan change is paid at checkout', async () => {
    const u = await givenUser({ email: 'free@b.test', planName: 'Free' });
    const created = await call('POST', '/payments/create', {
      token: u.token,
      body: { membershipId: 'plan-pro', scheduleType: 1 },
    });
    await completeCheckout(new URL(created.body.redirectUrl).searchParams.get('session_id') ?? '');
    const list = InvoicePageSchema.parse((await page(u.token)).body);
    expect(list.items).toEqual([expect.objectContaining({ status: 'paid', total: 29_900, currency: 'usd' })]);
    expect(list.items[0]?.number).toMatch(/^INV-\d{4}-0001$/);
    const invoice = InvoiceSchema.parse(
      (await call('GET', `/payments/invoices/${list.items[0]?.id}`, { token: u.token })).body,
    );
    expect(invoice.lines[0]?.description).toBe('Pro plan, monthly');
    // No billing details saved: the sign-in e-mail to bill, nothing else.
    expect(invoice.billTo).toMatchObject({ companyName: '', billingEmail: 'free@b.test' });
  });

  it('fails each call on request with a 500', async () => {
    await seedDemo();
    const u = await givenUser({ email: 'x@b.test', planName: 'Free' });
    await issueInvoice(u.id, {
      id: 'inv-x',
      description: 'x',
      amount: 100,
      status: 'failed',
      issuedAt: new Date().toISOString(),
    });
    Object.assign(invoiceFailures, { list: true, detail: true, pay: true });
    expect((await page(u.token)).status).toBe(500);
    expect((await call('GET', '/payments/invoices/inv-x', { token: u.token })).status).toBe(500);
    expect((await call('POST', '/payments/invoices/inv-x/pay', { token: u.token })).status).toBe(500);
  });
});
