import * as z from 'zod/mini';
import { PAUSE_MINUTES } from './handling';

/*
 * Not in the spec: when a bot hands a conversation to the team by itself, what it says then, how long a
 * person's reply pauses it, and the team's opening hours (GET and PUT /chatbots/{id}/handoff). A server without
 * the calls answers 404, 405 or 501, and the bot settings work as the spec has them.
 */

/** The languages a customer writes in, each with its own handoff message. */
export const HANDOFF_LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
export type HandoffLanguage = (typeof HANDOFF_LANGUAGES)[number];

/**
 * What the bot says as it hands a conversation to the team, in the customer's language, unless the bot's own
 * message for that language is set. These are the bot's words to customers (data), not the dashboard's.
 */
export const DEFAULT_HANDOFF_MESSAGES: Record<HandoffLanguage, string> = {
  en: 'I am passing you to a member of our team. They will answer you here shortly.',
  'zh-CN': '正在为您转接我们的同事，请稍候，他们会很快在这里回复您。',
  'zh-TW': '正在為您轉接我們的同事，請稍候，他們會很快在這裡回覆您。',
};

/** The most phrases of its own a bot listens for, and the longest one. */
export const MAX_HANDOFF_PHRASES = 30;
export const MAX_PHRASE_LENGTH = 60;
export const MAX_HANDOFF_MESSAGE_LENGTH = 500;
/** The bot hands off after this many answers in a row without an answer (0: never for that reason). */
export const MAX_NO_ANSWER_LIMIT = 10;

const TimeSchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
/** One day's opening, HH:MM to HH:MM of the bot's time zone (closing after opening); null: closed. */
export const OpeningSchema = z
  .object({ open: TimeSchema, close: TimeSchema })
  .check(z.refine((o) => o.open < o.close, 'closes after it opens'));
export type Opening = z.infer<typeof OpeningSchema>;

const PauseSchema = z.union(PAUSE_MINUTES.map((m) => (m === null ? z.null() : z.literal(m))));

export const DEFAULT_HOURS = {
  enabled: false,
  timeZone: '',
  // Sunday first, as Date.getDay() counts: Monday to Friday 09:00 to 18:00.
  week: [
    null,
    { open: '09:00', close: '18:00' },
    { open: '09:00', close: '18:00' },
    { open: '09:00', close: '18:00' },
    { open: '09:00', close: '18:00' },
    { open: '09:00', close: '18:00' },
    null,
  ] as Array<Opening | null>,
};

export const DEFAULT_HANDOFF_SETTINGS = {
  phrases: [] as string[],
  noAnswerLimit: 2,
  negativeMood: true,
  message: { en: '', 'zh-CN': '', 'zh-TW': '' } as Record<HandoffLanguage, string>,
  defaultPauseMinutes: 30 as (typeof PAUSE_MINUTES)[number],
  hours: DEFAULT_HOURS,
};

/** The settings as saved; `timeZone` is an IANA name ('' before one is chosen). */
export const HandoffSettingsBodySchema = z.object({
  phrases: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PHRASE_LENGTH)))
    .check(z.maxLength(MAX_HANDOFF_PHRASES)),
  noAnswerLimit: z.int().check(z.gte(0), z.lte(MAX_NO_ANSWER_LIMIT)),
  negativeMood: z.boolean(),
  message: z.object({
    en: z.string().check(z.maxLength(MAX_HANDOFF_MESSAGE_LENGTH)),
    'zh-CN': z.string().check(z.maxLength(MAX_HANDOFF_MESSAGE_LENGTH)),
    'zh-TW': z.string().check(z.maxLength(MAX_HANDOFF_MESSAGE_LENGTH)),
  }),
  defaultPauseMinutes: PauseSchema,
  hours: z.object({
    enabled: z.boolean(),
    timeZone: z.string(),
    week: z.array(z.nullable(OpeningSchema)).check(z.length(7)),
  }),
});
export type HandoffSettings = z.infer<typeof HandoffSettingsBodySchema>;

/** As a server answers them: a field it leaves out or cannot be read takes its default. */
export const HandoffSettingsSchema = z.looseObject({
  phrases: z.catch(HandoffSettingsBodySchema.shape.phrases, DEFAULT_HANDOFF_SETTINGS.phrases),
  noAnswerLimit: z.catch(
    HandoffSettingsBodySchema.shape.noAnswerLimit,
    DEFAULT_HANDOFF_SETTINGS.noAnswerLimit,
  ),
  negativeMood: z.catch(z.boolean(), DEFAULT_HANDOFF_SETTINGS.negativeMood),
  message: z.catch(HandoffSettingsBodySchema.shape.message, DEFAULT_HANDOFF_SETTINGS.message),
  defaultPauseMinutes: z.catch(PauseSchema, DEFAULT_HANDOFF_SETTINGS.defaultPauseMinutes),
  hours: z.catch(HandoffSettingsBodySchema.shape.hours, DEFAULT_HOURS),
});
