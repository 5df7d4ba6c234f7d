import { sendTestMessage } from './chatbots';
import { seg } from './client';
import { ApiError, isNotOffered } from './errors';
import { parseResponse } from './request';
import { OptionalPassagesSchema, type RetrievedPassage } from './schemas/retrieval';
import {
  type TestMessage,
  TestMessageSchema,
  TestStreamDeltaSchema,
  TestStreamDoneSchema,
  TestStreamEventSchema,
  TestStreamStartSchema,
  type TokenUsage,
} from './schemas/testChat';
import { streamGet } from './stream';

export const testStreamPath = (botId: string, { message, threadId }: TestMessage) => {
  const query = new URLSearchParams({ message, ...(threadId ? { threadId } : {}) });
  return `/chatbots/test/${seg(botId)}/stream?${query}`;
};

/** Beyond the spec: the passages a plain reply (POST /chatbots/test/{id}) names; undefined when it names none. */
export const passagesOfReply = (reply: Record<string, unknown>): RetrievedPassage[] | undefined =>
  OptionalPassagesSchema.parse(reply.passages);

export interface TestReplyHandlers {
  /** The server named the thread (before any text). */
  onThread?: (threadId: string) => void;
  /** Each piece of the reply, in order, as it arrives. */
  onText: (text: string) => void;
  signal?: AbortSignal;
}

export interface TestReplyResult {
  threadId: string | null;
  /** The tokens the reply used; null when the server did not say (the plain POST never does). */
  usage: TokenUsage | null;
  /** False when the reply came at once from POST /chatbots/test/{id} (a server without the stream). */
  streamed: boolean;
  /** Beyond the spec: the passages of its knowledge the reply used; missing when the server did not say. */
  passages?: RetrievedPassage[];
}

type Outcome =
  | { done: true; usage: TokenUsage | null; threadId?: string; passages?: RetrievedPassage[] }
  | { error: ApiError };

/**
 * A bot's reply to a test message, streamed over server-sent events (GET /chatbots/test/{id}/stream, through
 * the client's streaming helper). Resolves once the server says the reply is complete (`done`); rejects with
 * an ApiError on an `error:` line, a non-OK status, a line that is not what was agreed, or a stream that ends
 * (or breaks off) before `done`; the text received until then has gone to onText. A server without the
 * stream endpoint (404, 405 or 501 before anything arrived) gets the spec's POST instead: one reply at once,
 * its usage unknown. A message the rules refuse (blank, over 1,000 characters) is never sent.
 */
export async function streamTestReply(
  botId: string,
  body: TestMessage,
  { onThread, onText, signal }: TestReplyHandlers,
): Promise<TestReplyResult> {
  const message = TestMessageSchema.parse(body);
  const path = testStreamPath(botId, message);
  const endpoint = `GET ${path.split('?')[0]}`;
  const finished = new AbortController();
  let outcome: Outcome | null = null;
  let received = false;
  let threadId: string | null = message.threadId ?? null;
  const settle = (result: Outcome) => {
    if (outcome) return;
    outcome = result;
    finished.abort();
  };

  const onData = (payload: unknown) => {
    if (outcome || signal?.aborted) return;
    try {
      const { type } = parseResponse(TestStreamEventSchema, payload, endpoint);
      if (type === 'start') {
        received = true;
        const start = parseResponse(TestStreamStartSchema, payload, endpoint);
        if (start.threadId) {
          threadId = start.threadId;
          onThread?.(start.threadId);
        }
      } else if (type === 'delta') {
        received = true;
        onText(parseResponse(TestStreamDeltaSchema, payload, endpoint).text);
      } else if (type === 'done') {
        const done = parseResponse(TestStreamDoneSchema, payload, endpoint);
        settle({
          done: true,
          usage: done.usage ?? null,
          threadId: done.threadId,
          passages: done.passages,
        });
      }
      // Other event types (keep-alives, figures) are not this client's business.
    } catch (error) {
      settle({ error: error as ApiError });
    }
  };

  await streamGet(path, {
    onData,
    onError: (error) => settle({ error }),
    signal: signal ? AbortSignal.any([signal, finished.signal]) : finished.signal,
  });

  const result = outcome as Outcome | null;
  if (result && 'done' in result) {
    return {
      threadId: result.threadId ?? threadId,
      usage: result.usage,
      streamed: true,
      ...(result.passages ? { passages: result.passages } : {}),
    };
  }
  const error =
    result?.error ??
    new ApiError({ kind: 'network', endpoint, message: 'The stream ended before the reply was complete' });
  if (!received && isNotOffered(error)) {
    const reply = await sendTestMessage(botId, message, signal);
    onThread?.(reply.threadId);
    onText(reply.message);
    const passages = passagesOfReply(reply);
    return { threadId: reply.threadId, usage: null, streamed: false, ...(passages ? { passages } : {}) };
  }
  throw error;
}
