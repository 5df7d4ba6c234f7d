import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { streamLiveEvents } from '../src/api/live';
import { type LiveEvent, LiveStreamBodySchema } from '../src/api/schemas/live';
import { AUTH, newPact, useMockServer } from './pact';

const pact = newPact();

const line = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;
const PING = { type: 'ping' };
const MESSAGE = {
  type: 'message',
  sessionId: 'sess-live',
  message: {
    id: 'msg-live-1',
    content: 'Is the blue one in stock?',
    sender: 'user',
    sentAt: '2026-11-24T10:00:00.000Z',
  },
};
const INSTANCE = { type: 'instance', instance: { id: 'inst-live', name: 'Front desk', status: 0 } };
/** Beyond the spec: the bot hands a conversation to the team. */
const HANDLING = {
  type: 'handling',
  sessionId: 'sess-handoff',
  handling: { by: 'waiting', reason: 'askedForPerson', since: '2026-11-24T10:00:00.000Z' },
};

const STRING = '"([^"\\\\]|\\\\.)*"';
/** Any event of the stream (the server may tell others before the one the test waits for). */
const ANY_EVENT = `data: \\{"type":"[a-z]+"[^\\n]*\\}\\n\\n`;
/**
 * The stream opens with a heartbeat and ends with the event of the interaction, each pinned by its shape:
 * the fields the client reads, with any values of their types.
 */
const shape = (last: string) => `^data: \\{"type":"ping"\\}\\n\\n(${ANY_EVENT})*${last}$`;
const MESSAGE_SHAPE = shape(
  `data: \\{"type":"message","sessionId":"sess-live","message":\\{"id":"msg-live-1","content":${STRING},"sender":"user","sentAt":"[0-9T:.Z+-]+"\\}\\}\\n\\n`,
);
const INSTANCE_SHAPE = shape(
  `data: \\{"type":"instance","instance":\\{"id":"inst-live","name":${STRING},"status":0\\}\\}\\n\\n`,
);

const HANDLING_SHAPE = shape(
  `data: \\{"type":"handling","sessionId":"sess-handoff","handling":\\{"by":"waiting","reason":"askedForPerson","since":"[0-9T:.Z+-]+"\\}\\}\\n\\n`,
);

interface TextBodyBuilder {
  interaction: { withResponseBody(body: string, contentType: string): void };
}

/** Reads the stream to its end (the provider state has the server end it after the event). */
async function readAll(): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  await streamLiveEvents({ onEvent: (e) => events.push(e) });
  return events;
}

const streamed = (
  description: string,
  state: string,
  params: Record<string, string>,
  body: string,
  pattern: string,
) =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given(state, params)
    .uponReceiving(description)
    .withRequest('GET', '/api/v1/events/stream', (b) => b.headers({ ...AUTH, Accept: 'text/event-stream' }))
    .willRespondWith(200, (b) => {
      b.headers({ 'Content-Type': 'text/event-stream' });
      // The builder's body() would store the stream as binary; as text the verifier can match it.
      (b as unknown as TextBodyBuilder).interaction.withResponseBody(body, 'text/event-stream');
      b.matchingRules({ body: { path: '$', rules: [MatchersV3.regex(pattern, body)] } });
    });

describe('live events', () => {
  it('tells a new message in a conversation, after a heartbeat', () => {
    const body = line(PING) + line(MESSAGE);
    expect(LiveStreamBodySchema.parse(body)).toBe(body);
    expect(body).toMatch(new RegExp(MESSAGE_SHAPE));
    return streamed(
      'the live event stream, telling a new message',
      'a customer writes to the user while their live stream is open',
      { sessionId: 'sess-live', messageId: 'msg-live-1' },
      body,
      MESSAGE_SHAPE,
    ).executeTest(async (server) => {
      useMockServer(server);
      expect(await readAll()).toEqual([PING, MESSAGE]);
    });
  });

  it("tells an instance's new status", () => {
    const body = line(PING) + line(INSTANCE);
    expect(LiveStreamBodySchema.parse(body)).toBe(body);
    expect(body).toMatch(new RegExp(INSTANCE_SHAPE));
    return streamed(
      "the live event stream, telling an instance's new status",
      'an instance of the user goes offline while their live stream is open',
      { id: 'inst-live' },
      body,
      INSTANCE_SHAPE,
    ).executeTest(async (server) => {
      useMockServer(server);
      expect(await readAll()).toEqual([PING, INSTANCE]);
    });
  });

  it('tells that the bot handed a conversation to a person (beyond the spec)', () => {
    const body = line(PING) + line(HANDLING);
    expect(LiveStreamBodySchema.parse(body)).toBe(body);
    expect(body).toMatch(new RegExp(HANDLING_SHAPE));
    return streamed(
      'the live event stream, telling a hand-off to a person',
      'a customer asks for a person while the live stream is open',
      { sessionId: 'sess-handoff' },
      body,
      HANDLING_SHAPE,
    ).executeTest(async (server) => {
      useMockServer(server);
      expect(await readAll()).toEqual([PING, HANDLING]);
    });
  });
});
