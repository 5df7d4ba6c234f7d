import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { sendSalesInquiry } from '../src/api/sales';
import type { SalesInquiryBody } from '../src/api/schemas/sales';
import { AUTH, dateTime, errorBody, JSON_HEADERS, newPact, useMockServer } from './pact';
import { rawFetch } from './reads';

const { like } = MatchersV3;
const pact = newPact();

const PATH = '/api/v1/sales/inquiries';
const inquiry: SalesInquiryBody = {
  name: 'Mei Chen',
  email: 'mei.chen@harbourtrading.test',
  company: 'Harbour Trading Ltd',
  numbersNeeded: 25,
  message: 'We run support in Cantonese and English across three shops.',
  language: 'zh-TW',
};

describe('talk to sales', () => {
  it('receives an inquiry and answers its reference', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a sales inquiry')
      .withRequest('POST', PATH, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(inquiry))
      .willRespondWith(201, (b) => b.jsonBody({ id: like('inq-1'), receivedAt: dateTime() }))
      .executeTest(async (server) => {
        useMockServer(server);
        const receipt = await sendSalesInquiry(inquiry);
        expect(receipt.id).toBe('inq-1');
      }));

  it('refuses an inquiry without a valid e-mail address', () => {
    const body = { ...inquiry, email: 'mei.chen@' };
    return pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a sales inquiry with an invalid e-mail address')
      .withRequest('POST', PATH, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body))
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, 'VALIDATION_FAILED', 'email: invalid')))
      .executeTest(async (server) => {
        useMockServer(server);
        // The client refuses it before sending: the raw call pins the server's answer.
        const response = await rawFetch(`${server.url}${PATH}`, {
          method: 'POST',
          headers: { ...AUTH, ...JSON_HEADERS },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(400);
      });
  });
});
