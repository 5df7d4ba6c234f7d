import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { analyzeSession, getSessionMessages, searchSessions, starSession } from '../src/api/chatSessions';
import { SessionFilter } from '../src/api/schemas/chatSessions';
import {
  AUTH,
  analysisExample,
  dateTime,
  JSON_HEADERS,
  messageExample,
  newPact,
  useMockServer,
} from './pact';

const { eachLike, like, boolean, nullValue } = MatchersV3;
const pact = newPact();
const withSession = () =>
  pact.addInteraction().given('a signed-in user').given('the user has a chat session', {
    id: 'sess-1',
    fromNumber: '8613812345678@c.us',
    isStarred: true,
  });

const sessionExample = {
  id: like('sess-1'),
  fromNumber: like('8613812345678@c.us'),
  createdAt: dateTime(),
  isStarred: boolean(true),
  messages: eachLike(messageExample, 0),
  analysis: nullValue(),
};

describe('chat sessions', () => {
  it('searches sessions by number and filter', () =>
    withSession()
      .uponReceiving('a search for starred sessions by phone')
      .withRequest('POST', '/api/v1/chat-session/search', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ phone: '138123', filter: SessionFilter.starred }),
      )
      .willRespondWith(200, (b) => b.jsonBody(eachLike(sessionExample)))
      .executeTest(async (server) => {
        useMockServer(server);
        const sessions = await searchSessions({ phone: '138123', filter: SessionFilter.starred });
        expect(sessions[0]?.isStarred).toBe(true);
      }));

  it('searches all sessions without a phone', () =>
    withSession()
      .uponReceiving('a search for all sessions')
      .withRequest('POST', '/api/v1/chat-session/search', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ filter: SessionFilter.all }),
      )
      .willRespondWith(200, (b) => b.jsonBody(eachLike(sessionExample)))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(searchSessions({ filter: SessionFilter.all })).resolves.toHaveLength(1);
      }));

  it('tells each session’s latest message, beyond the spec, for the inbox order', () =>
    withSession()
      .uponReceiving('a search by full number, answered with each session’s latest message')
      .withRequest('POST', '/api/v1/chat-session/search', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ phone: '8613812345678', filter: SessionFilter.all }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            ...sessionExample,
            lastMessage: { ...messageExample, content: like('Yes, in 3-5 business days.') },
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const [session] = await searchSessions({ phone: '8613812345678', filter: SessionFilter.all });
        expect(session?.lastMessage?.content).toBe('Yes, in 3-5 business days.');
      }));

  it("answers a session's messages", () =>
    withSession()
      .uponReceiving("a request for a session's messages")
      .withRequest('GET', '/api/v1/chat-session/sess-1/messages', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(messageExample)))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getSessionMessages('sess-1')).resolves.toHaveLength(1);
      }));

  it('stars a session', () =>
    withSession()
      .uponReceiving('a request to unstar a session')
      .withRequest('POST', '/api/v1/chat-session/sess-1/star', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ isStarred: false }),
      )
      // The spec names nothing of the answer, and the client needs nothing of it: the star stands as asked.
      .willRespondWith(200, (b) => b.jsonBody({}))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(starSession('sess-1', false)).resolves.toEqual({});
      }));

  it('analyzes a session', () =>
    withSession()
      .uponReceiving('a request to analyze a session')
      .withRequest('POST', '/api/v1/chat-session/sess-1/analyze', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({}),
      )
      .willRespondWith(200, (b) => b.jsonBody(analysisExample))
      .executeTest(async (server) => {
        useMockServer(server);
        const analysis = await analyzeSession('sess-1');
        expect(Number(analysis.emotion_positive_percent)).toBeGreaterThanOrEqual(0);
      }));
});
