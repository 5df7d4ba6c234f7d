import * as z from 'zod/mini';
import { DateTimeSchema } from './common';

/*
 * Not in the spec: who handles a conversation, the bot or a person, and the calls that hand it from one to the
 * other. A server without them answers 404, 405 or 501, and chat history works as the spec has it.
 */

/** Why the bot handed a conversation to a person (or why a person took it). */
export const HANDOFF_REASONS = [
  'askedForPerson',
  'noAnswer',
  'negativeMood',
  'outsideHours',
  'takenOver',
  'phoneReply',
] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
/** A reason this client does not know reads as "other": the conversation still waits. */
const ReasonSchema = z.catch(z.enum([...HANDOFF_REASONS, 'other']), 'other');

/** How long a person's take-over pauses the bot: 30 minutes, 2 or 12 hours, or until handed back (null). */
export const PAUSE_MINUTES = [30, 120, 720, null] as const;
export type PauseMinutes = (typeof PAUSE_MINUTES)[number];

const PauseSchema = z.union(PAUSE_MINUTES.map((m) => (m === null ? z.null() : z.literal(m))));
/** The pause a take-over starts with, as the conversation's bot has it set (none: the server does not say). */
const DefaultPauseSchema = z.catch(z.optional(PauseSchema), undefined);

export const HandlingSchema = z.discriminatedUnion('by', [
  z.looseObject({ by: z.literal('bot'), pauseMinutes: DefaultPauseSchema }),
  /** The bot handed it off: it waits for a person, since `since`. */
  z.looseObject({
    by: z.literal('waiting'),
    reason: ReasonSchema,
    since: DateTimeSchema,
    pauseMinutes: DefaultPauseSchema,
  }),
  /** A person handles it (the signed-in user unless `name` says otherwise); the bot resumes at `until`. */
  z.looseObject({
    by: z.literal('person'),
    name: z.optional(z.string()),
    reason: z.optional(ReasonSchema),
    since: DateTimeSchema,
    until: z.nullable(DateTimeSchema),
  }),
]);
export type Handling = z.infer<typeof HandlingSchema>;

/** On a session: absent (a server without it) or not readable, the list shows no handler. */
export const SessionHandlingSchema = z.catch(z.optional(HandlingSchema), undefined);

export const TakeOverBodySchema = z.object({ minutes: PauseSchema });
export type TakeOverBody = z.infer<typeof TakeOverBodySchema>;

export const ReplyBodySchema = z.object({ content: z.string().check(z.trim(), z.minLength(1)) });
export type ReplyBody = z.infer<typeof ReplyBodySchema>;

export const WaitingCountSchema = z.looseObject({ count: z.int().check(z.nonnegative()) });
