import { getEndpoint, http, seg } from './client';
import {
  type ChatbotBody,
  ChatbotBodySchema,
  ChatbotListSchema,
  ChatbotSchema,
  KnowledgeBaseSchema,
  PromptVersionListSchema,
  type TestChatBody,
  TestChatBodySchema,
  TestChatReplySchema,
} from './schemas/chatbots';
import { OkSchema } from './schemas/common';

/** The header that tells the server which user creates the chatbot. */
export const USER_ID_HEADER = 'x-user-id';

export const createChatbot = (userId: string, body: ChatbotBody, signal?: AbortSignal) =>
  http.post('/chatbots', ChatbotSchema, {
    body: ChatbotBodySchema.parse(body),
    headers: { [USER_ID_HEADER]: userId },
    signal,
  });

export const listChatbots = getEndpoint('/chatbots', ChatbotListSchema);

export const listUserChatbots = (userId: string, signal?: AbortSignal) =>
  http.get(`/chatbots/user/${seg(userId)}`, ChatbotListSchema, { signal });

export const getChatbot = (id: string, signal?: AbortSignal) =>
  http.get(`/chatbots/${seg(id)}`, ChatbotSchema, { signal });

export const getKnowledgeBase = (id: string, signal?: AbortSignal) =>
  http.get(`/chatbots/${seg(id)}/knowledge-base`, KnowledgeBaseSchema, { signal });

/** Every saved version of the bot's prompt, oldest first (each save records one). */
export const getPromptVersions = (id: string, signal?: AbortSignal) =>
  http.get(`/chatbots/${seg(id)}/prompt-versions`, PromptVersionListSchema, { signal });

export const updateChatbot = (id: string, body: ChatbotBody, signal?: AbortSignal) =>
  http.patch(`/chatbots/${seg(id)}`, ChatbotSchema, { body: ChatbotBodySchema.parse(body), signal });

export const deleteChatbot = (id: string, signal?: AbortSignal) =>
  http.delete(`/chatbots/${seg(id)}`, OkSchema, { signal });

export const sendTestMessage = (id: string, body: TestChatBody, signal?: AbortSignal) =>
  http.post(`/chatbots/test/${seg(id)}`, TestChatReplySchema, {
    body: TestChatBodySchema.parse(body),
    signal,
  });
