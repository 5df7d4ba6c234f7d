import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { getWaitingCount, handBackSession, replyInSession, takeOverSession } from '../src/api/handling';
import { AUTH, dateTime, errorBody, JSON_HEADERS, messageExample, newPact, useMockServer } from './pact';

/* Beyond the spec: a person takes a conversation over from the bot, replies, and hands it back. */
const { integer, like } = MatchersV3;
const pact = newPact();
const session = { id: 'sess-1', fromNumber: '8613812345678@c.us' };
const withSession = () =>
  pact.addInteraction().given('a signed-in user').given('the user has a chat session', session);
const handledByPerson = () => withSession().given('a person handles the chat session', { id: session.id });

describe('handling a conversation (beyond the spec)', () => {
  it('takes a conversation over for two hours', () =>
    withSession()
      .uponReceiving('a request to take a conversation over for two hours')
      .withRequest('POST', '/api/v1/chat-session/sess-1/take-over', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ minutes: 120 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          by: 'person',
          name: like('owner'),
          reason: like('takenOver'),
          since: dateTime(),
          until: dateTime(),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(takeOverSession('sess-1', { minutes: 120 })).resolves.toMatchObject({ by: 'person' });
      }));

  it('hands a conversation back to the bot', () =>
    handledByPerson()
      .uponReceiving('a request to hand a conversation back')
      .withRequest('POST', '/api/v1/chat-session/sess-1/hand-back', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({}),
      )
      .willRespondWith(200, (b) => b.jsonBody({ by: 'bot' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(handBackSession('sess-1')).resolves.toEqual({ by: 'bot' });
      }));

  it('sends a person’s reply', () =>
    handledByPerson()
      .uponReceiving('a person’s reply in a conversation they handle')
      .withRequest('POST', '/api/v1/chat-session/sess-1/reply', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ content: 'Let me check that for you.' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...messageExample,
          content: like('Let me check that for you.'),
          sender: 'person',
          senderName: like('owner'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const sent = await replyInSession('sess-1', { content: 'Let me check that for you.' });
        expect(sent).toMatchObject({ sender: 'person' });
      }));

  it('refuses a reply in a conversation the bot handles', () =>
    withSession()
      .uponReceiving('a reply in a conversation the bot handles')
      .withRequest('POST', '/api/v1/chat-session/sess-1/reply', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ content: 'Hello?' }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody(errorBody(409, 'NOT_HANDLING', 'Take the conversation over before replying')),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const refused = await replyInSession('sess-1', { content: 'Hello?' }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(ApiError);
        expect((refused as ApiError).code).toBe('NOT_HANDLING');
      }));

  it('counts the conversations waiting for a person', () =>
    withSession()
      .given('a chat session waits for a person', { id: 'sess-2' })
      .uponReceiving('a request for how many conversations wait for a person')
      .withRequest('GET', '/api/v1/chat-session/waiting/count', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ count: integer(1) }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getWaitingCount()).resolves.toEqual({ count: 1 });
      }));
});
