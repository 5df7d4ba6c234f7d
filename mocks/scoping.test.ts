// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { type GivenUser, givenChatbot, givenChatSession, givenInstance, givenUser } from './fixtures';
import { call, withMockServer } from './testing';

withMockServer();

let me: GivenUser;
let other: GivenUser;

beforeEach(async () => {
  me = await givenUser({ id: 'user-1', email: 'me@b.test', token: 'me-token', planName: 'Pro' });
  other = await givenUser({ id: 'user-2', email: 'other@b.test', token: 'other-token', planName: 'Pro' });
  await givenChatbot(other.id, { id: 'bot-other', name: 'Theirs' });
  await givenInstance(other.id, { id: 'inst-other' });
  await givenChatSession(other.id, { id: 'sess-other', messages: [{ content: 'hi' }] });
});

describe('every record belongs to its owner', () => {
  it.each([
    ['GET', '/whatsapp/inst-other', 'Instance not found'],
    ['POST', '/whatsapp/inst-other/logout', 'Instance not found'],
    ['GET', '/chatbots/bot-other', 'Chatbot not found'],
    ['GET', '/chatbots/bot-other/knowledge-base', 'Chatbot not found'],
    ['DELETE', '/chatbots/bot-other', 'Chatbot not found'],
    ['POST', '/chatbots/test/bot-other', 'Chatbot not found'],
    ['GET', '/chat-session/sess-other/messages', 'Chat session not found'],
    ['POST', '/chat-session/sess-other/analyze', 'Chat session not found'],
  ])("%s %s with another user's id is 404", async (method, path, message) => {
    const body = path.includes('test') ? { message: 'hi' } : method === 'POST' ? {} : undefined;
    const answer = await call(method, path, { token: me.token, body });
    expect(answer).toEqual({
      status: 404,
      body: { statusCode: 404, message, error: 'Not Found', code: 'NOT_FOUND' },
    });
  });

  it('lists only the caller’s records', async () => {
    await givenChatbot(me.id, { id: 'bot-mine', name: 'Mine' });
    expect(
      (await call('GET', '/chatbots', { token: me.token })).body.map((b: { id: string }) => b.id),
    ).toEqual(['bot-mine']);
    expect((await call('GET', '/whatsapp/list', { token: me.token })).body).toEqual([]);
    expect(
      (await call('POST', '/chat-session/search', { token: me.token, body: { filter: 1 } })).body,
    ).toEqual([]);
  });

  it("refuses another user's chatbot list and a chatbot created for someone else", async () => {
    const list = await call('GET', `/chatbots/user/${other.id}`, { token: me.token });
    expect(list).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await call('GET', `/chatbots/user/${other.id}/active`, { token: me.token })).status).toBe(403);
    expect((await call('GET', `/chatbots/user/${me.id}`, { token: me.token })).status).toBe(200);

    const body = {
      name: 'X',
      description: null,
      prompt: 'p',
      platform: 'openai',
      model: 'gpt-4o',
      temperature: '0.7',
      maxTokens: 100,
      stop: null,
      type: 'chat',
      knowledgeBaseIds: [],
    };
    const forged = await call('POST', '/chatbots', {
      token: me.token,
      body,
      headers: { 'x-user-id': other.id },
    });
    expect(forged).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const missing = await call('POST', '/chatbots', { token: me.token, body });
    expect(missing.status).toBe(403);
  });

  it("cannot bind an instance to another user's chatbot", async () => {
    await givenInstance(me.id, { id: 'inst-mine' });
    const answer = await call('POST', '/whatsapp/inst-mine/update', {
      token: me.token,
      body: { instanceName: 'Front desk', chatbotId: 'bot-other' },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: 'Chatbot not found' } });
  });
});
