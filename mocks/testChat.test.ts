// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOT_SETTINGS_DEFAULTS, type BotSettings } from '../src/api/schemas/chatbots';
import { TEST_MESSAGE_MAX_LENGTH } from '../src/api/schemas/testChat';
import { replyChunks, testReply } from './conversations';
import { type GivenUser, givenChatbot, givenUser } from './fixtures';
import { resetTestChatMock, STREAM_BROKE_OFF, testChatMock } from './handlers/testChat';
import { BASE, call, withMockServer } from './testing';

withMockServer();
afterEach(resetTestChatMock);

const PROMPT = 'You are the customer service assistant of Acme Outdoor.\nBe kind.';
const bot = (settings: Partial<BotSettings> = {}) => ({
  name: 'Support bot',
  prompt: PROMPT,
  settings: { ...BOT_SETTINGS_DEFAULTS, ...settings },
  KnowledgeBaseFile: [{ name: 'shipping-faq.docx' }],
});
/** A first reply, and one later in a thread (no welcome). */
const first = (message: string, settings: Partial<BotSettings> = {}) => testReply(bot(settings), [], message);
const later = (message: string, settings: Partial<BotSettings> = {}) =>
  testReply(bot(settings), ['Hello'], message);
const plain = { useEmoji: false, useMarkdown: false, useBullets: false };
const EMOJI = /\p{Extended_Pictographic}/u;
const sentencesOf = (text: string) =>
  text.replace(/\(Message.*\)$/, '').match(/[.!?。！？](\s|$)/g)?.length ?? 0;

describe('test chat replies honour the bot style settings', () => {
  it('start a new thread with the welcome message when it is on: the built-in one or the bot own', () => {
    expect(first('Do you ship abroad?')).toMatch(
      /^Hello! I am the customer service assistant of Acme Outdoor\. How can I help you today\?\n\n/,
    );
    expect(first('Do you ship abroad?', { welcomeMessage: 'Welcome to Acme! [Company Name]' })).toMatch(
      /^Welcome to Acme! \[Company Name\]\n\n/,
    );
    expect(first('Do you ship abroad?', { welcomeEnabled: false })).not.toMatch(/Hello!|Welcome/);
    expect(later('Do you ship abroad?')).not.toMatch(/^Hello!/);
    expect(first('你们能寄到国外吗？')).toMatch(/^您好！我是Acme Outdoor的客服助手，请问有什么可以帮您？/);
  });

  it('answer with the fallback message when nothing known matches', () => {
    const question = 'What is the airspeed of a swallow?';
    expect(later(question)).toMatch(/^Sorry, I do not have information about that yet\./);
    expect(later(question, { fallbackMessage: 'Please call 555-0100.' })).toMatch(/^Please call 555-0100\./);
    expect(later('天空为什么是蓝色的？')).toMatch(/^抱歉，我暂时没有这方面的信息。/);
    // A question the topics know is answered, not fallen back on.
    expect(later('Do you ship abroad?', { fallbackMessage: 'Please call 555-0100.' })).not.toMatch(
      /555-0100/,
    );
    // A greeting is greeted.
    expect(later('Hi there', { welcomeEnabled: false })).toMatch(/^Hello! How can I help you today\?/);
  });

  it('are plain text when emoji, markdown and bullets are off, and use them when on', () => {
    for (const length of ['short', 'medium', 'detailed'] as const) {
      for (const q of [
        'Do you ship abroad?',
        'How much is it?',
        'Hello',
        'Why is the sky blue?',
        '可以退货吗？',
      ]) {
        const text = first(q, { ...plain, responseLength: length });
        expect(text).not.toMatch(EMOJI);
        expect(text).not.toMatch(/\*\*|^- /m);
      }
    }
    const rich = first('Do you ship abroad?', {
      useEmoji: true,
      useMarkdown: true,
      useBullets: true,
      responseLength: 'detailed',
    });
    expect(rich).toMatch(EMOJI);
    expect(rich).toMatch(/\*\*40 countries\*\*/);
    expect(rich).toMatch(/^- Express shipping costs \$12/m);
    expect(first('Do you ship abroad?', { ...plain, useEmoji: true })).toMatch(/📦/);
  });

  it('follow the response length: one sentence, two or three, or more detail', () => {
    const q = 'Where is my order?';
    const short = later(q, { ...plain, responseLength: 'short' });
    const medium = later(q, { ...plain, responseLength: 'medium' });
    const detailed = later(q, { ...plain, responseLength: 'detailed' });
    expect(sentencesOf(short)).toBe(1);
    expect(sentencesOf(medium)).toBeGreaterThanOrEqual(2);
    expect(sentencesOf(medium)).toBeLessThanOrEqual(3);
    expect(detailed.length).toBeGreaterThan(medium.length * 1.5);
    expect(detailed).toMatch(/More details:/);
    // Detailed with bullets lists the further details; with a strong knowledge weight it names its source.
    expect(later('Do you ship abroad?', { responseLength: 'detailed', knowledgeWeight: 0.8 })).toMatch(
      /This comes from shipping-faq\.docx\./,
    );
    expect(later('Do you ship abroad?', { responseLength: 'detailed', knowledgeWeight: 0.2 })).not.toMatch(
      /shipping-faq/,
    );
  });

  it('follow the language setting, or (auto) the language of the message', () => {
    const cjk = /[\u4e00-\u9fff]/;
    const answer = (q: string, language: BotSettings['language']) =>
      first(q, { language, welcomeEnabled: false });
    expect(answer('Do you ship abroad?', 'zh')).toMatch(/40\** 多个国家/);
    expect(answer('你们能寄到国外吗？', 'en')).toMatch(/40 countries/);
    expect(answer('你们能寄到国外吗？', 'en')).not.toMatch(cjk);
    expect(answer('你们能寄到国外吗？', 'auto')).toMatch(/40\** 多个国家/);
    expect(answer('Do you ship abroad?', 'auto')).not.toMatch(cjk);
    expect(later('Do you ship abroad?', { language: 'zh' })).toMatch(/本次对话的第 2 条消息/);
  });

  it('change their wording with the tone', () => {
    const q = 'Do you ship abroad?';
    const tones = (['professional', 'friendly', 'casual', 'formal'] as const).map((tone) =>
      later(q, { ...plain, tone }),
    );
    expect(new Set(tones).size).toBe(4);
    expect(tones[3]).toMatch(/Thank you for your enquiry\./);
    expect(later('你们能寄到国外吗？', { tone: 'formal' })).toMatch(/感谢您的咨询。/);
  });

  it('are the same every time, and stream in pieces that make up the reply', () => {
    const reply = first('Do you ship abroad?', { responseLength: 'detailed' });
    expect(first('Do you ship abroad?', { responseLength: 'detailed' })).toBe(reply);
    expect(replyChunks(reply).join('')).toBe(reply);
    expect(replyChunks(reply).length).toBeGreaterThan(30);
    const zh = first('你们能寄到国外吗？');
    expect(replyChunks(zh).join('')).toBe(zh);
    const chinese = replyChunks(zh).filter((c) => /[\u4e00-\u9fff]/.test(c));
    expect(Math.max(...chinese.map((c) => c.length))).toBeLessThanOrEqual(2);
  });
});

describe('the test chat endpoints', () => {
  let u: GivenUser;
  beforeEach(async () => {
    u = await givenUser({ email: 'u@b.test', planName: 'Pro' });
    await givenChatbot(u.id, { id: 'bot-1', prompt: PROMPT, settings: { ...BOT_SETTINGS_DEFAULTS } });
  });

  const stream = async (query: Record<string, string>, token = u.token) => {
    const response = await fetch(`${BASE}/chatbots/test/bot-1/stream?${new URLSearchParams(query)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    });
    const text = await response.text();
    const lines = text.split('\n').filter(Boolean);
    return { response, text, lines, events: lines.map((l) => JSON.parse(l.replace(/^(data|error): /, ''))) };
  };

  it('streams start, the reply in pieces, and done with the tokens used; the plain POST answers the same', async () => {
    const { response, events, lines } = await stream({ message: 'Do you ship abroad?' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(lines.every((l) => l.startsWith('data: '))).toBe(true);
    const [start, ...rest] = events;
    const done = rest.pop();
    expect(start).toEqual({ type: 'start', threadId: expect.any(String) });
    expect(rest.every((e) => e.type === 'delta')).toBe(true);
    const reply = rest.map((e) => e.text).join('');
    expect(reply).toMatch(/^Hello! I am the customer service assistant of Acme Outdoor/);
    expect(done).toEqual({
      type: 'done',
      usage: {
        promptTokens: expect.any(Number),
        completionTokens: rest.length,
        totalTokens: done.usage.promptTokens + rest.length,
      },
    });
    // The same thread goes on, by either endpoint.
    const second = await stream({ message: 'And the price?', threadId: start.threadId });
    expect(second.events[0].threadId).toBe(start.threadId);
    expect(
      second.events
        .filter((e) => e.type === 'delta')
        .map((e) => e.text)
        .join(''),
    ).toMatch(/Message 2 in this chat; you first asked: "Do you ship abroad\?"/);
    const third = await call('POST', '/chatbots/test/bot-1', {
      token: u.token,
      body: { message: 'Do you ship abroad?', threadId: start.threadId },
    });
    expect(third.body).toEqual({
      message: expect.stringMatching(/Message 3 in this chat/),
      threadId: start.threadId,
    });
  });

  it(`refuses a blank message or one over ${TEST_MESSAGE_MAX_LENGTH} characters, another user bot, no token`, async () => {
    const long = 'a'.repeat(TEST_MESSAGE_MAX_LENGTH + 1);
    expect((await stream({ message: '  ' })).response.status).toBe(400);
    expect((await stream({ message: long })).response.status).toBe(400);
    expect((await stream({ message: 'a'.repeat(TEST_MESSAGE_MAX_LENGTH) })).response.status).toBe(200);
    expect(
      (await call('POST', '/chatbots/test/bot-1', { token: u.token, body: { message: long } })).status,
    ).toBe(400);
    const other = await givenUser({ email: 'o@b.test' });
    expect((await stream({ message: 'Hi' }, other.token)).response.status).toBe(404);
    expect((await stream({ message: 'Hi' }, 'nope')).response.status).toBe(401);
  });

  it('breaks off half-way with an error line when a test asks it to', async () => {
    testChatMock.failAfterChunks = 3;
    const { lines, events } = await stream({ message: 'Do you ship abroad?' });
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    expect(lines.at(-1)).toBe(`error: ${JSON.stringify({ message: STREAM_BROKE_OFF })}`);
  });
});
