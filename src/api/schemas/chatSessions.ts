import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';
import { SessionHandlingSchema } from './handling';

/** Session filter codes of spec section 3. */
export const SessionFilter = { all: 1, starred: 2, today: 3, thisWeek: 4, thisMonth: 5 } as const;
export type SessionFilterCode = (typeof SessionFilter)[keyof typeof SessionFilter];
export const SessionFilterSchema = z.union(Object.values(SessionFilter).map((v) => z.literal(v)));

/*
 * Sessions, messages and analyses: spec section 3 lists every field below and the screen uses each; fields
 * the client does not know pass through.
 */
export const ChatMessageSchema = z.looseObject({
  id: IdSchema,
  content: z.string(),
  /** bot or assistant is the bot; person is a person of the team (beyond the spec); anything else the customer. */
  sender: z.string(),
  sentAt: DateTimeSchema,
  /** Not in the spec: the name of the person who wrote a `person` message. */
  senderName: z.catch(z.optional(z.string()), undefined),
  /** Not in the spec: a person's message sent from the WhatsApp phone itself, not from here. */
  fromPhone: z.catch(z.optional(z.boolean()), undefined),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export const ChatMessageListSchema = z.array(ChatMessageSchema);

export const ChatAnalysisSchema = z.looseObject({
  emotion_positive_percent: z.string(),
  key_words: z.array(z.string()),
  user_will: z.string(),
});
export type ChatAnalysis = z.infer<typeof ChatAnalysisSchema>;

/** In the search answer, messages holds at most the first message (for the preview). */
export const ChatSessionSchema = z.looseObject({
  id: IdSchema,
  fromNumber: z.string(),
  createdAt: DateTimeSchema,
  isStarred: z.boolean(),
  messages: z.array(ChatMessageSchema),
  analysis: z.nullable(ChatAnalysisSchema),
  /**
   * Not in the spec: the conversation's latest message, so the list can be an inbox (latest activity first,
   * the latest message as the preview). Without it, or with one that is not a message, the list goes by the
   * first message, as the spec has it.
   */
  lastMessage: z.catch(z.optional(ChatMessageSchema), undefined),
  /** Not in the spec: who handles the conversation (schemas/handling.ts). */
  handling: SessionHandlingSchema,
  /** Not in the spec: the chatbot that answers the conversation (improving an answer teaches it). */
  chatbotId: z.catch(z.optional(IdSchema), undefined),
});
export type ChatSession = z.infer<typeof ChatSessionSchema>;
export const ChatSessionListSchema = z.array(ChatSessionSchema);

export const SessionSearchBodySchema = z.object({
  phone: z.optional(z.string()),
  filter: SessionFilterSchema,
});

export const StarBodySchema = z.object({ isStarred: z.boolean() });
/**
 * The spec does not say what starring answers: both fields may be missing, and then the star stays as it was
 * asked for (the session and the value of the request).
 */
export const StarResultSchema = z.looseObject({
  id: z.optional(IdSchema),
  isStarred: z.optional(z.boolean()),
});
export type StarResult = z.infer<typeof StarResultSchema>;

/** Numbers the session list hides: newsletters and the system placeholder. */
export const NEWSLETTER_MARKER = '@newsletter';
export const PLACEHOLDER_NUMBER = '0@c.us';
