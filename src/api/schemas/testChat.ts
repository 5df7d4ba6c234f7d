import * as z from 'zod/mini';
import { OptionalPassagesSchema, type RetrievedPassage } from './retrieval';

/** The longest test message the client sends and the server takes (the input counts down to it). */
export const TEST_MESSAGE_MAX_LENGTH = 1000;

/**
 * A test message, for the streamed reply (query parameters) and the plain one (JSON body): not blank, at most
 * TEST_MESSAGE_MAX_LENGTH characters; the thread continues an earlier test conversation.
 */
export const TestMessageSchema = z.object({
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(TEST_MESSAGE_MAX_LENGTH)),
  threadId: z.optional(z.string()),
});
export type TestMessage = z.infer<typeof TestMessageSchema>;

/*
 * The events of GET /chatbots/test/{id}/stream, one JSON object per `data:` line: `start` names the thread,
 * each `delta` adds text to the reply, `done` ends it with the tokens it used. A failure is an `error:` line,
 * `{"message":"…"}` (read by the client's streaming helper). Events of other types are skipped, and unknown
 * fields pass: a server may say more than this client reads.
 */
export const TestStreamEventSchema = z.looseObject({ type: z.string() });
export const TestStreamStartSchema = z.looseObject({
  type: z.literal('start'),
  /** A server that keeps no threads may leave it out: the chat then keeps the one it had. */
  threadId: z.optional(z.string().check(z.minLength(1))),
});
export const TestStreamDeltaSchema = z.looseObject({ type: z.literal('delta'), text: z.string() });

const count = z.int().check(z.nonnegative());
export const TokenUsageSchema = z.looseObject({
  promptTokens: z.optional(count),
  completionTokens: z.optional(count),
  totalTokens: count,
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;
/** Usage the client cannot read counts as unknown rather than failing a reply that arrived whole. */
export const TestStreamDoneSchema = z.looseObject({
  type: z.literal('done'),
  usage: z.catch(z.optional(TokenUsageSchema), undefined),
  threadId: z.optional(z.string().check(z.minLength(1))),
  /** Beyond the spec: the passages of its knowledge the reply used (schemas/retrieval.ts); a server may not say. */
  passages: OptionalPassagesSchema,
});

/** What the mock (and a real server) writes on the stream. */
export type TestStreamEvent =
  | { type: 'start'; threadId: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; usage: TokenUsage; passages?: RetrievedPassage[] };

/**
 * A whole event-stream body as the contract pins it: every `data:` line is an event of the agreed shape and
 * the stream ends with `done` (or an `error:` line). For the pact's examples; the client reads line by line.
 */
export const TestStreamBodySchema = z.string().check(
  z.refine((body) => {
    const lines = body.split(/\r?\n/).filter((l) => /^(data|error):/.test(l));
    const events = lines.map((l) => {
      try {
        return { field: l.slice(0, l.indexOf(':')), value: JSON.parse(l.slice(l.indexOf(':') + 1)) };
      } catch {
        return null;
      }
    });
    if (events.length === 0 || events.some((e) => e === null)) return false;
    const ok = events.every((e) =>
      e?.field === 'error' ? true : TestStreamEventSchema.safeParse(e?.value).success,
    );
    const last = events.at(-1);
    return ok && (last?.field === 'error' || TestStreamDoneSchema.safeParse(last?.value).success);
  }, 'an event stream of data: lines ending with done'),
);
