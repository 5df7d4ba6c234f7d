import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { getInvoice, listInvoices, payInvoice } from '../src/api/invoices';
import { AUTH, dateTime, errorBody, newPact, useMockServer } from './pact';

const { eachLike, integer, like, regex } = MatchersV3;
const pact = newPact();

const PATH = '/api/v1/payments/invoices';

/** What a row of the history needs: date, number, amount (minor units), currency, status. */
const summaryExample = {
  id: like('inv-1'),
  number: like('INV-2026-0002'),
  issuedAt: dateTime('2026-11-01T09:00:00.000Z'),
  total: integer(9900),
  currency: like('usd'),
  status: like('failed'),
};

describe('invoices', () => {
  it('answers a page of the billing history', () =>
    pact
      .addInteraction()
      .given('the user has invoices')
      .uponReceiving('a request for the first page of invoices')
      .withRequest('GET', PATH, (b) => b.headers(AUTH).query({ page: '1', pageSize: '10' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          items: eachLike(summaryExample),
          total: integer(2),
          page: integer(1),
          pageSize: integer(10),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const page = await listInvoices({ page: 1, pageSize: 10 });
        expect(page.items[0]?.total).toBe(9900);
        expect(page.total).toBe(2);
      }));

  it('answers an invoice with its lines, the seller and whom it is billed to', () =>
    pact
      .addInteraction()
      .given('the user has invoices')
      .uponReceiving('a request for an invoice')
      .withRequest('GET', `${PATH}/inv-1`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...summaryExample,
          id: 'inv-1',
          lines: eachLike({
            description: like('Starter plan, monthly'),
            quantity: integer(1),
            amount: integer(9900),
          }),
          subtotal: integer(9900),
          tax: integer(0),
          seller: { name: like('Influx AI Ltd.'), country: like('SG') },
          billTo: {
            companyName: like(''),
            addressLine1: like(''),
            city: like(''),
            country: like(''),
            taxId: like(''),
            billingEmail: like('owner@pact.test'),
          },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const invoice = await getInvoice('inv-1');
        expect(invoice.lines[0]?.amount).toBe(9900);
        expect(invoice.billTo?.billingEmail).toBe('owner@pact.test');
      }));

  it('answers 404 for an invoice that is not the user’s', () =>
    pact
      .addInteraction()
      .given('the user has invoices')
      .uponReceiving('a request for an invoice that does not exist')
      .withRequest('GET', `${PATH}/inv-missing`, (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, 'NOT_FOUND', 'Invoice not found')))
      .executeTest(async (server) => {
        useMockServer(server);
        const error = await getInvoice('inv-missing').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(404);
      }));

  it('starts paying a failed invoice at the provider', () =>
    pact
      .addInteraction()
      .given('the user has invoices')
      .uponReceiving('a request to pay a failed invoice')
      .withRequest('POST', `${PATH}/inv-1/pay`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({ redirectUrl: regex(/^https?:\/\/.+/, 'https://checkout.example/cs_demo_inv_1') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const result = await payInvoice('inv-1');
        expect(result.redirectUrl).toMatch(/^https?:/);
      }));
});
