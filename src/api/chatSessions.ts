import { http, postEndpoint, seg } from './client';
import {
  ChatAnalysisSchema,
  ChatMessageListSchema,
  ChatSessionListSchema,
  SessionSearchBodySchema,
  StarBodySchema,
  StarResultSchema,
} from './schemas/chatSessions';

export const searchSessions = postEndpoint(
  '/chat-session/search',
  SessionSearchBodySchema,
  ChatSessionListSchema,
);

export const getSessionMessages = (id: string, signal?: AbortSignal) =>
  http.get(`/chat-session/${seg(id)}/messages`, ChatMessageListSchema, { signal });

export const starSession = (id: string, isStarred: boolean, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/star`, StarResultSchema, {
    body: StarBodySchema.parse({ isStarred }),
    signal,
  });

export const analyzeSession = (id: string, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/analyze`, ChatAnalysisSchema, { body: {}, signal });
