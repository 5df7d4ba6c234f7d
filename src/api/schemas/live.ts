import * as z from 'zod/mini';
import { ChatMessageSchema, ChatSessionSchema } from './chatSessions';
import { IdSchema } from './common';
import { HandlingSchema } from './handling';

/*
 * The app's live events, GET /events/stream: one JSON object per `data:` line, told apart by `type`.
 *   {"type":"session","session":<ChatSession as the session search answers it>}   a new conversation
 *   {"type":"message","sessionId":"…","message":<ChatMessage as GET /chat-session/{id}/messages answers it>}
 *   {"type":"instance","instance":{"id":"…","name":"…","status":1}}               an instance's status changed
 *   {"type":"handling","sessionId":"…","handling":{"by":"waiting",…}}               who handles a conversation
 *                                                                                   changed (beyond the spec)
 *   {"type":"ping"}                                                                 a heartbeat
 * A failure is an `error:` line, `{"message":"…"}` (read by the client's streaming helper). Events of other
 * types are skipped and unknown fields pass: a server may say more than this client reads.
 */
export const LiveEventTypeSchema = z.looseObject({ type: z.string() });

export const LiveSessionEventSchema = z.looseObject({
  type: z.literal('session'),
  session: ChatSessionSchema,
});
export const LiveMessageEventSchema = z.looseObject({
  type: z.literal('message'),
  sessionId: IdSchema,
  message: ChatMessageSchema,
});
/** An instance's new status: status 1 is online, any other value offline (as in the instance list). */
export const LiveInstanceSchema = z.looseObject({
  id: IdSchema,
  /** Missing: the client names the instance by what it already knows. */
  name: z.optional(z.string()),
  status: z.int(),
});
export type LiveInstance = z.infer<typeof LiveInstanceSchema>;
export const LiveInstanceEventSchema = z.looseObject({
  type: z.literal('instance'),
  instance: LiveInstanceSchema,
});
/** Beyond the spec: the bot handed a conversation off, a person took it over, or the bot has it back. */
export const LiveHandlingEventSchema = z.looseObject({
  type: z.literal('handling'),
  sessionId: IdSchema,
  handling: HandlingSchema,
});
export const LivePingSchema = z.looseObject({ type: z.literal('ping') });

export type LiveSessionEvent = z.infer<typeof LiveSessionEventSchema>;
export type LiveMessageEvent = z.infer<typeof LiveMessageEventSchema>;
export type LiveInstanceEvent = z.infer<typeof LiveInstanceEventSchema>;
export type LiveHandlingEvent = z.infer<typeof LiveHandlingEventSchema>;
export type LivePing = z.infer<typeof LivePingSchema>;
/** An event the client understood. */
export type LiveEvent =
  | LiveSessionEvent
  | LiveMessageEvent
  | LiveInstanceEvent
  | LiveHandlingEvent
  | LivePing;

/** The schema of each known type; any other type is not this client's business. */
export const LIVE_EVENT_SCHEMAS = {
  session: LiveSessionEventSchema,
  message: LiveMessageEventSchema,
  instance: LiveInstanceEventSchema,
  handling: LiveHandlingEventSchema,
  ping: LivePingSchema,
} as const;

/**
 * A whole event-stream body as the contract pins it: every `data:` line is an event with a type, those of a
 * known type have the fields they need; `error:` lines may come. For the pact's examples; the client reads
 * the stream line by line.
 */
export const LiveStreamBodySchema = z.string().check(
  z.refine((body) => {
    let events = 0;
    for (const line of body.split(/\r?\n/)) {
      const match = /^(data|error):\s?(.*)$/.exec(line);
      if (!match) continue;
      let value: unknown;
      try {
        value = JSON.parse(match[2] ?? '');
      } catch {
        return false;
      }
      events += 1;
      if (match[1] === 'error') continue;
      const head = LiveEventTypeSchema.safeParse(value);
      if (!head.success) return false;
      const schema = LIVE_EVENT_SCHEMAS[head.data.type as keyof typeof LIVE_EVENT_SCHEMAS];
      if (schema && !schema.safeParse(value).success) return false;
    }
    return events > 0;
  }, 'an event stream of live events'),
);
