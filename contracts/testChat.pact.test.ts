import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { TestStreamBodySchema } from '../src/api/schemas/testChat';
import { streamTestReply } from '../src/api/testChat';
import { AUTH, newPact, useMockServer } from './pact';

const pact = newPact();

/**
 * A whole streamed reply, pinned as text (an event stream has no JSON body to match by type): the thread, the
 * reply in pieces, and the tokens it used. The provider states make the reply one plain sentence.
 */
const STREAM = [
  { type: 'start', threadId: 'thread-1' },
  ...['We ', 'ship ', 'to ', 'over ', '40 ', 'countries.'].map((text) => ({ type: 'delta', text })),
  { type: 'done', usage: { promptTokens: 15, completionTokens: 6, totalTokens: 21 } },
]
  .map((event) => `data: ${JSON.stringify(event)}\n\n`)
  .join('');

/** The events in the order the client reads them: a start with its thread, one delta or more, done with usage. */
const STREAM_SHAPE = [
  '^data: \\{"type":"start","threadId":"[^"]+"\\}\\n\\n',
  '(data: \\{"type":"delta","text":"([^"\\\\]|\\\\.)*"\\}\\n\\n)+',
  'data: \\{"type":"done","usage":\\{"promptTokens":\\d+,"completionTokens":\\d+,"totalTokens":\\d+\\}\\}\\n\\n$',
].join('');

interface TextBodyBuilder {
  interaction: { withResponseBody(body: string, contentType: string): void };
}

describe('test chat', () => {
  it('streams a reply to a test message as server-sent events', () => {
    expect(TestStreamBodySchema.parse(STREAM)).toBe(STREAM);
    expect(STREAM).toMatch(new RegExp(STREAM_SHAPE));
    return pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' })
      .given('the chatbot answers test messages in one plain sentence', {
        chatbotId: 'bot-1',
        threadId: 'thread-1',
      })
      .uponReceiving('a test message whose reply is streamed')
      .withRequest('GET', '/api/v1/chatbots/test/bot-1/stream', (b) =>
        b
          .query({ message: 'Do you ship abroad?', threadId: 'thread-1' })
          .headers({ ...AUTH, Accept: 'text/event-stream' }),
      )
      .willRespondWith(200, (b) => {
        b.headers({ 'Content-Type': 'text/event-stream' });
        // The builder's body() would store the stream as binary; as text the verifier can match it line by line.
        (b as unknown as TextBodyBuilder).interaction.withResponseBody(STREAM, 'text/event-stream');
        // Any reply of that shape will do: the contract pins the events, not the words.
        b.matchingRules({ body: { path: '$', rules: [MatchersV3.regex(STREAM_SHAPE, STREAM)] } });
      })
      .executeTest(async (server) => {
        useMockServer(server);
        const pieces: string[] = [];
        const reply = await streamTestReply(
          'bot-1',
          { message: 'Do you ship abroad?', threadId: 'thread-1' },
          { onText: (text) => pieces.push(text) },
        );
        expect(pieces.join('')).toBe('We ship to over 40 countries.');
        expect(reply).toEqual({
          threadId: 'thread-1',
          usage: { promptTokens: 15, completionTokens: 6, totalTokens: 21 },
          streamed: true,
        });
      });
  });
});
