import { z } from 'zod';
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
  fileSize: z.number().int().nonnegative(),
});
export type KnowledgeBaseFile = z.infer<typeof KnowledgeBaseFileSchema>;
export const KnowledgeBaseSchema = z.array(KnowledgeBaseFileSchema);

export const ChatbotSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().nullable(),
  prompt: z.string(),
  platform: z.string(),
  model: z.string(),
  /** Sent and answered as a string, e.g. "0.7". */
  temperature: z.string(),
  maxTokens: z.number().int(),
  stop: z.string().nullable(),
  type: z.string(),
  isActive: z.boolean(),
  KnowledgeBaseFile: z.array(KnowledgeBaseFileSchema),
  updatedAt: DateTimeSchema,
});
export type Chatbot = z.infer<typeof ChatbotSchema>;
export const ChatbotListSchema = z.array(ChatbotSchema);

export const ChatbotBodySchema = z.object({
  name: z.string().trim().min(1),
  description: z.string().nullable(),
  prompt: z.string().trim().min(1),
  platform: z.string(),
  model: z.string().trim().min(1),
  temperature: z.string().regex(/^(0(\.\d)?|1(\.0)?)$/, 'temperature 0 to 1, step 0.1'),
  maxTokens: z.number().int().positive(),
  stop: z.string().nullable(),
  type: z.string(),
  knowledgeBaseIds: z.array(IdSchema),
});
export type ChatbotBody = z.infer<typeof ChatbotBodySchema>;

export const TestChatBodySchema = z.object({
  message: z.string().trim().min(1),
  threadId: z.string().optional(),
});
export type TestChatBody = z.infer<typeof TestChatBodySchema>;
export const TestChatReplySchema = z.object({ message: z.string(), threadId: z.string().min(1) });
export type TestChatReply = z.infer<typeof TestChatReplySchema>;
