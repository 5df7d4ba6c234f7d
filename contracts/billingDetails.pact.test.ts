import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getBillingDetails, saveBillingDetails } from '../src/api/billingDetails';
import type { BillingDetailsBody } from '../src/api/schemas/billingDetails';
import {
  AUTH,
  billingDetailsExample,
  dateTime,
  errorBody,
  JSON_HEADERS,
  newPact,
  useMockServer,
} from './pact';
import { rawFetch } from './reads';

const { like } = MatchersV3;
const pact = newPact();

const PATH = '/api/v1/payments/billing-details';
const contractBillingDetails: BillingDetailsBody = billingDetailsExample;

describe('billing details', () => {
  it('answers empty details, with the sign-in e-mail to bill, before the first save', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for billing details never saved')
      .withRequest('GET', PATH, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          companyName: '',
          addressLine1: '',
          addressLine2: '',
          city: '',
          region: '',
          postalCode: '',
          country: '',
          taxId: '',
          billingEmail: like('owner@pact.test'),
          updatedAt: null,
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const details = await getBillingDetails();
        expect(details.companyName).toBe('');
        expect(details.billingEmail).toBe('owner@pact.test');
      }));

  it('answers the saved details', () =>
    pact
      .addInteraction()
      .given('the user has billing details')
      .uponReceiving('a request for saved billing details')
      .withRequest('GET', PATH, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...Object.fromEntries(Object.entries(contractBillingDetails).map(([k, v]) => [k, like(v)])),
          updatedAt: dateTime(),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const details = await getBillingDetails();
        expect(details.country).toBe('HK');
      }));

  it('saves details and answers them as stored', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('billing details to save')
      .withRequest('PUT', PATH, (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(contractBillingDetails),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...contractBillingDetails, updatedAt: dateTime() }))
      .executeTest(async (server) => {
        useMockServer(server);
        const stored = await saveBillingDetails(contractBillingDetails);
        expect(stored.companyName).toBe(contractBillingDetails.companyName);
      }));

  it('refuses details without a country it knows', () => {
    const body = { ...contractBillingDetails, country: 'Hong Kong' };
    return pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('billing details with an unknown country')
      .withRequest('PUT', PATH, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body))
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, 'VALIDATION_FAILED', 'country: invalid')))
      .executeTest(async (server) => {
        useMockServer(server);
        // The client refuses it before sending: the raw call pins the server's answer.
        const response = await rawFetch(`${server.url}${PATH}`, {
          method: 'PUT',
          headers: { ...AUTH, ...JSON_HEADERS },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(400);
      });
  });
});
