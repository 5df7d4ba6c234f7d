import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from '../src/api/savedReplies';
import { AUTH, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec: the team's saved replies. */
const { eachLike, like } = MatchersV3;
const pact = newPact();
const reply = { id: 'reply-1', shortcut: 'thanks', text: 'Thank you for your patience!' };
const withReply = () =>
  pact.addInteraction().given('a signed-in user').given('the user has a saved reply', reply);
const shaped = { id: like(reply.id), shortcut: like(reply.shortcut), text: like(reply.text) };

describe('saved replies (beyond the spec)', () => {
  it('lists them', () =>
    withReply()
      .uponReceiving('a request for the saved replies')
      .withRequest('GET', '/api/v1/saved-replies', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(shaped)))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(listSavedReplies()).resolves.toEqual([reply]);
      }));

  it('adds one', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request to add a saved reply')
      .withRequest('POST', '/api/v1/saved-replies', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ shortcut: 'eta', text: 'It arrives within 2 days.' }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ id: like('reply-2'), shortcut: 'eta', text: 'It arrives within 2 days.' }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(
          createSavedReply({ shortcut: 'eta', text: 'It arrives within 2 days.' }),
        ).resolves.toMatchObject({
          shortcut: 'eta',
        });
      }));

  it('changes one', () =>
    withReply()
      .uponReceiving('a request to change a saved reply')
      .withRequest('PUT', '/api/v1/saved-replies/reply-1', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ shortcut: 'thanks', text: 'Thanks a lot!' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ id: 'reply-1', shortcut: 'thanks', text: 'Thanks a lot!' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(
          updateSavedReply('reply-1', { shortcut: 'thanks', text: 'Thanks a lot!' }),
        ).resolves.toEqual({
          id: 'reply-1',
          shortcut: 'thanks',
          text: 'Thanks a lot!',
        });
      }));

  it('deletes one', () =>
    withReply()
      .uponReceiving('a request to delete a saved reply')
      .withRequest('DELETE', '/api/v1/saved-replies/reply-1', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(deleteSavedReply('reply-1')).resolves.toEqual({ success: true });
      }));
});
