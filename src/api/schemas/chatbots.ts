import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

export const MODEL_OPTIONS = [
  'gpt-4.1',
  'gpt-4.1-mini',
  'o4-mini',
  'o3',
  'o1',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
] as const;

export const KnowledgeBaseFileSchema = z.object({
  fileIdOnPlatform: IdSchema,
  fileUrl: z.string(),
  name: z.string(),
  fileSize: z.int().check(z.nonnegative()),
});
export type KnowledgeBaseFile = z.infer<typeof KnowledgeBaseFileSchema>;
export const KnowledgeBaseSchema = z.array(KnowledgeBaseFileSchema);

export const BOT_TONES = ['professional', 'friendly', 'casual', 'formal'] as const;
export const BOT_LANGUAGES = ['auto', 'zh', 'en'] as const;
export const RESPONSE_LENGTHS = ['short', 'medium', 'detailed'] as const;
export type BotTone = (typeof BOT_TONES)[number];
export type BotLanguage = (typeof BOT_LANGUAGES)[number];
export type ResponseLength = (typeof RESPONSE_LENGTHS)[number];
export const STYLE_TEXT_MAX = 1000;

/**
 * The style and behaviour settings of a bot (spec section 2's "other settings"), saved with it. An empty
 * welcome or fallback message means the server's own text in the customer's language.
 */
export const BOT_SETTINGS_DEFAULTS = {
  welcomeEnabled: true,
  welcomeMessage: '',
  fallbackMessage: '',
  knowledgeWeight: 0.5,
  tone: 'professional' as BotTone,
  language: 'auto' as BotLanguage,
  responseLength: 'medium' as ResponseLength,
  useEmoji: false,
  useMarkdown: true,
  useBullets: true,
  autoReply: true,
  notifyOffline: true,
  saveHistory: true,
};

const text = z.string().check(z.maxLength(STYLE_TEXT_MAX));
const d = BOT_SETTINGS_DEFAULTS;
/** Tolerant: a server that stores fewer settings (or none) gets the defaults for the others. */
export const BotSettingsSchema = z.object({
  welcomeEnabled: z.catch(z.boolean(), d.welcomeEnabled),
  welcomeMessage: z.catch(text, d.welcomeMessage),
  fallbackMessage: z.catch(text, d.fallbackMessage),
  knowledgeWeight: z.catch(z.number().check(z.gte(0), z.lte(1)), d.knowledgeWeight),
  tone: z.catch(z.enum(BOT_TONES), d.tone),
  language: z.catch(z.enum(BOT_LANGUAGES), d.language),
  responseLength: z.catch(z.enum(RESPONSE_LENGTHS), d.responseLength),
  useEmoji: z.catch(z.boolean(), d.useEmoji),
  useMarkdown: z.catch(z.boolean(), d.useMarkdown),
  useBullets: z.catch(z.boolean(), d.useBullets),
  autoReply: z.catch(z.boolean(), d.autoReply),
  notifyOffline: z.catch(z.boolean(), d.notifyOffline),
  saveHistory: z.catch(z.boolean(), d.saveHistory),
});
export type BotSettings = z.infer<typeof BotSettingsSchema>;
const SettingsOrDefaults = z.catch(BotSettingsSchema, () => ({ ...BOT_SETTINGS_DEFAULTS }));

/**
 * Spec section 3's fields are required; `isActive` and `updatedAt` are not in the spec and may be missing (no
 * screen reads them); fields the client does not know pass through untouched.
 */
export const ChatbotSchema = z.looseObject({
  id: IdSchema,
  name: z.string(),
  description: z.nullable(z.string()),
  prompt: z.string(),
  platform: z.string(),
  model: z.string(),
  /** Sent and answered as a string, e.g. "0.7". */
  temperature: z.string(),
  maxTokens: z.int(),
  stop: z.nullable(z.string()),
  type: z.string(),
  isActive: z.optional(z.boolean()),
  KnowledgeBaseFile: z.array(KnowledgeBaseFileSchema),
  updatedAt: z.optional(DateTimeSchema),
  /** Not in the spec's entity: missing (a server that does not keep them) reads as the defaults. */
  settings: SettingsOrDefaults,
});
export type Chatbot = z.infer<typeof ChatbotSchema>;
export const ChatbotListSchema = z.array(ChatbotSchema);

/** One saved version of a bot's system prompt; a server may leave out when it was saved. */
export const PromptVersionSchema = z.looseObject({
  id: IdSchema,
  prompt: z.string(),
  createdAt: z.optional(DateTimeSchema),
});
export type PromptVersion = z.infer<typeof PromptVersionSchema>;
/** Oldest first: the first is the prompt the bot was created with. */
export const PromptVersionListSchema = z.array(PromptVersionSchema);

export const ChatbotBodySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  description: z.nullable(z.string()),
  prompt: z.string().check(z.trim(), z.minLength(1)),
  platform: z.string(),
  model: z.string().check(z.trim(), z.minLength(1)),
  temperature: z.string().check(z.regex(/^(0(\.\d)?|1(\.0)?)$/, 'temperature 0 to 1, step 0.1')),
  maxTokens: z.int().check(z.positive()),
  stop: z.nullable(z.string()),
  type: z.string(),
  knowledgeBaseIds: z.array(IdSchema),
  settings: BotSettingsSchema,
});
export type ChatbotBody = z.infer<typeof ChatbotBodySchema>;

export const TestChatBodySchema = z.object({
  message: z.string().check(z.trim(), z.minLength(1)),
  threadId: z.optional(z.string()),
});
export type TestChatBody = z.infer<typeof TestChatBodySchema>;
/**
 * Fields beyond the spec's pass through unread: the passages of its knowledge the reply used, which the test
 * chat reads (api/testChat.ts, with schemas/retrieval.ts: not a part of every screen that lists the bots).
 */
export const TestChatReplySchema = z.looseObject({
  message: z.string(),
  threadId: z.string().check(z.minLength(1)),
});
export type TestChatReply = z.infer<typeof TestChatReplySchema>;
