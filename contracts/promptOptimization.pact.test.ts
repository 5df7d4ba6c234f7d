import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createPromptOptimization, streamPromptOptimization } from '../src/api/promptOptimization';
import { OptimizationStreamBodySchema } from '../src/api/schemas/promptOptimization';
import { AUTH, errorBody, JSON_HEADERS, newPact, useMockServer } from './pact';

const { like } = MatchersV3;
const pact = newPact();

const PROMPT = 'You are the booking assistant of [Company Name]. Never share guest details.';

/**
 * A whole streamed improvement, pinned as text (an event stream has no JSON body to match by type): the
 * improved prompt in pieces, then done.
 */
const PIECES = [
  '## Role\nYou are',
  ' the booking assistant',
  ' of [Company Name].\n\n',
  '## Prohibited behaviours\n- Never share guest details.',
];
const STREAM = [...PIECES.map((text) => ({ type: 'delta', text })), { type: 'done' }]
  .map((event) => `data: ${JSON.stringify(event)}\n\n`)
  .join('');

/** The events in the order the client reads them: one delta or more, then done. */
const STREAM_SHAPE = [
  '^(data: \\{"type":"delta","text":"([^"\\\\]|\\\\.)*"\\}\\n\\n)+',
  'data: \\{"type":"done"\\}\\n\\n$',
].join('');

interface TextBodyBuilder {
  interaction: { withResponseBody(body: string, contentType: string): void };
}

const requested = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has requested a prompt optimization', { id: 'opt-1', prompt: PROMPT });

describe('prompt optimization', () => {
  it('starts an optimisation of a prompt sent in the body', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request to optimise a prompt')
      .withRequest('POST', '/api/v1/chatbots/prompt-optimizations', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ prompt: PROMPT }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ id: like('opt-1') }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createPromptOptimization({ prompt: PROMPT })).resolves.toEqual({ id: 'opt-1' });
      }));

  it('streams the improved prompt as server-sent events', () => {
    expect(OptimizationStreamBodySchema.parse(STREAM)).toBe(STREAM);
    expect(STREAM).toMatch(new RegExp(STREAM_SHAPE));
    return requested()
      .uponReceiving("an optimisation's improved prompt, streamed")
      .withRequest('GET', '/api/v1/chatbots/prompt-optimizations/opt-1/stream', (b) =>
        b.headers({ ...AUTH, Accept: 'text/event-stream' }),
      )
      .willRespondWith(200, (b) => {
        b.headers({ 'Content-Type': 'text/event-stream' });
        // The builder's body() would store the stream as binary; as text the verifier can match it.
        (b as unknown as TextBodyBuilder).interaction.withResponseBody(STREAM, 'text/event-stream');
        // Any improvement of that shape will do: the contract pins the events, not the words.
        b.matchingRules({ body: { path: '$', rules: [MatchersV3.regex(STREAM_SHAPE, STREAM)] } });
      })
      .executeTest(async (server) => {
        useMockServer(server);
        const pieces: string[] = [];
        await streamPromptOptimization('opt-1', { onText: (text) => pieces.push(text) });
        expect(pieces).toEqual(PIECES);
      });
  });

  it("answers 404 for an optimisation it does not know (or another user's)", () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for the stream of an unknown optimisation')
      .withRequest('GET', '/api/v1/chatbots/prompt-optimizations/opt-unknown/stream', (b) =>
        b.headers({ ...AUTH, Accept: 'text/event-stream' }),
      )
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, 'NOT_FOUND', 'Prompt optimization not found')))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(streamPromptOptimization('opt-unknown', { onText: () => {} })).rejects.toMatchObject({
          kind: 'http',
          status: 404,
        });
      }));
});
