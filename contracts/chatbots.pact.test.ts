import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createChatbot,
  deleteChatbot,
  getChatbot,
  getKnowledgeBase,
  getPromptVersions,
  listChatbots,
  listUserChatbots,
  sendTestMessage,
  USER_ID_HEADER,
  updateChatbot,
} from '../src/api/chatbots';
import { BOT_SETTINGS_DEFAULTS, type ChatbotBody } from '../src/api/schemas/chatbots';
import {
  AUTH,
  chatbotExample,
  dateTime,
  errorBody,
  JSON_HEADERS,
  knowledgeFileExample,
  newPact,
  USER_ID,
  useMockServer,
} from './pact';

const { eachLike, like, integer } = MatchersV3;
const pact = newPact();

const body: ChatbotBody = {
  name: 'Sales bot',
  description: 'Qualifies leads',
  prompt: 'You are the sales assistant of [Company Name].',
  platform: 'openai',
  model: 'gpt-4.1-mini',
  temperature: '0.7',
  maxTokens: 2048,
  stop: null,
  type: 'chat',
  knowledgeBaseIds: ['kf-1'],
  settings: { ...BOT_SETTINGS_DEFAULTS, tone: 'friendly', language: 'en' },
};

const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });

describe('chatbots', () => {
  it('creates a chatbot for the user named in the header', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has an uploaded knowledge file', { id: 'kf-1' })
      .uponReceiving('a request to create a chatbot')
      .withRequest('POST', '/api/v1/chatbots', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS, [USER_ID_HEADER]: USER_ID }).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...chatbotExample('bot-9', 'Sales bot'),
          name: 'Sales bot',
          temperature: '0.7',
          maxTokens: 2048,
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createChatbot(USER_ID, body)).resolves.toMatchObject({
          name: 'Sales bot',
          temperature: '0.7',
        });
      }));

  it('refuses a chatbot beyond the plan limit', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has reached the chatbot limit')
      .uponReceiving('a request to create a chatbot beyond the limit')
      .withRequest('POST', '/api/v1/chatbots', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS, [USER_ID_HEADER]: USER_ID })
          .jsonBody({ ...body, knowledgeBaseIds: [] }),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody({
          ...errorBody(403, 'PLAN_LIMIT_REACHED', 'Your plan allows 3 chatbots'),
          limit: { name: 'chatbotLimit', max: integer(3) },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createChatbot(USER_ID, { ...body, knowledgeBaseIds: [] })).rejects.toMatchObject({
          status: 403,
          code: 'PLAN_LIMIT_REACHED',
        });
      }));

  it('lists the chatbots', () =>
    withBot()
      .uponReceiving('a request for the chatbots')
      .withRequest('GET', '/api/v1/chatbots', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(chatbotExample())))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(listChatbots()).resolves.toHaveLength(1);
      }));

  it("lists the user's chatbots", () =>
    withBot()
      .uponReceiving("a request for the user's chatbots")
      .withRequest('GET', `/api/v1/chatbots/user/${USER_ID}`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(chatbotExample())))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(listUserChatbots(USER_ID)).resolves.toHaveLength(1);
      }));

  it('answers one chatbot', () =>
    withBot()
      .uponReceiving('a request for one chatbot')
      .withRequest('GET', '/api/v1/chatbots/bot-1', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(chatbotExample()))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getChatbot('bot-1')).resolves.toMatchObject({ id: 'bot-1' });
      }));

  it("answers a chatbot's knowledge base", () =>
    withBot()
      .uponReceiving("a request for a chatbot's knowledge base")
      .withRequest('GET', '/api/v1/chatbots/bot-1/knowledge-base', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(knowledgeFileExample)))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getKnowledgeBase('bot-1')).resolves.toHaveLength(1);
      }));

  it("answers the saved versions of a chatbot's prompt, oldest first", () =>
    withBot()
      .uponReceiving("a request for the versions of a chatbot's prompt")
      .withRequest('GET', '/api/v1/chatbots/bot-1/prompt-versions', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            id: like('pv-1'),
            prompt: like('You are the customer service assistant of [Company Name].'),
            createdAt: dateTime(),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const versions = await getPromptVersions('bot-1');
        expect(versions[0]).toMatchObject({ id: 'pv-1', createdAt: '2026-11-20T09:30:00.000Z' });
      }));

  it('updates a chatbot', () =>
    withBot()
      .given('the user has an uploaded knowledge file', { id: 'kf-1' })
      .uponReceiving('a request to update a chatbot')
      .withRequest('PATCH', '/api/v1/chatbots/bot-1', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...chatbotExample(), name: 'Sales bot' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(updateChatbot('bot-1', body)).resolves.toMatchObject({ name: 'Sales bot' });
      }));

  it('refuses a duplicate name', () =>
    withBot()
      .given('the user has a chatbot', { id: 'bot-2', name: 'Sales bot' })
      .uponReceiving('a request to rename a chatbot to a name in use')
      .withRequest('PATCH', '/api/v1/chatbots/bot-1', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ ...body, knowledgeBaseIds: [] }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody(errorBody(409, 'DUPLICATE_NAME', 'A chatbot with this name already exists')),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(updateChatbot('bot-1', { ...body, knowledgeBaseIds: [] })).rejects.toMatchObject({
          status: 409,
        });
      }));

  it('deletes a chatbot', () =>
    withBot()
      .uponReceiving('a request to delete a chatbot')
      .withRequest('DELETE', '/api/v1/chatbots/bot-1', (b) => b.headers(AUTH))
      // The client needs nothing of the answer (success is optional): a 2xx with a JSON object.
      .willRespondWith(200, (b) => b.jsonBody({}))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(deleteChatbot('bot-1')).resolves.toEqual({});
      }));

  it('answers a test message and starts a thread', () =>
    withBot()
      .uponReceiving('a test message without a thread')
      .withRequest('POST', '/api/v1/chatbots/test/bot-1', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ message: 'Do you ship abroad?' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ message: like('Yes, we ship to 40 countries.'), threadId: like('thread-1') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const reply = await sendTestMessage('bot-1', { message: 'Do you ship abroad?' });
        expect(reply.threadId).toBe('thread-1');
      }));

  it('answers a test message in an existing thread', () =>
    withBot()
      .given('the chatbot has a test thread', { chatbotId: 'bot-1', threadId: 'thread-1' })
      .uponReceiving('a test message in a thread')
      .withRequest('POST', '/api/v1/chatbots/test/bot-1', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ message: 'And to Japan?', threadId: 'thread-1' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ message: like('Yes, Japan too.'), threadId: 'thread-1' }))
      .executeTest(async (server) => {
        useMockServer(server);
        const reply = await sendTestMessage('bot-1', { message: 'And to Japan?', threadId: 'thread-1' });
        expect(reply.threadId).toBe('thread-1');
      }));
});
