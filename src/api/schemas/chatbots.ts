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
});
export type Chatbot = z.infer<typeof ChatbotSchema>;
export const ChatbotListSchema = z.array(ChatbotSchema);

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
});
export type ChatbotBody = z.infer<typeof ChatbotBodySchema>;

export const TestChatBodySchema = z.object({
  message: z.string().check(z.trim(), z.minLength(1)),
  threadId: z.optional(z.string()),
});
export type TestChatBody = z.infer<typeof TestChatBodySchema>;
export const TestChatReplySchema = z.object({
  message: z.string(),
  threadId: z.string().check(z.minLength(1)),
});
export type TestChatReply = z.infer<typeof TestChatReplySchema>;
