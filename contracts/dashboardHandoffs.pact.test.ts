import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getHandoffFigures } from '../src/api/dashboardHandoffs';
import { AUTH, newPact, useMockServer } from './pact';

const { integer, number } = MatchersV3;
const pact = newPact();

describe('dashboard hand-offs', () => {
  it('counts the conversations handed to a person today and yesterday, with the median time to a reply', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user handed conversations to a person today and yesterday')
      .uponReceiving('the hand-off figures of today and yesterday')
      .withRequest('GET', '/api/v1/dashboard/handoffs', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          today: integer(2),
          yesterday: integer(1),
          // Seconds, over today's hand-offs a person answered (null when none was).
          medianFirstReplySeconds: number(240),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getHandoffFigures()).resolves.toEqual({
          today: 2,
          yesterday: 1,
          medianFirstReplySeconds: 240,
        });
      }));
});
