import { http, seg } from './client';
import {
  ChatAnalysisSchema,
  ChatMessageListSchema,
  ChatSessionListSchema,
  type SessionSearchBody,
  SessionSearchBodySchema,
  StarBodySchema,
  StarResultSchema,
} from './schemas/chatSessions';

export const searchSessions = (body: SessionSearchBody, signal?: AbortSignal) =>
  http.post('/chat-session/search', ChatSessionListSchema, {
    body: SessionSearchBodySchema.parse(body),
    signal,
  });

export const getSessionMessages = (id: string, signal?: AbortSignal) =>
  http.get(`/chat-session/${seg(id)}/messages`, ChatMessageListSchema, { signal });

export const starSession = (id: string, isStarred: boolean, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/star`, StarResultSchema, {
    body: StarBodySchema.parse({ isStarred }),
    signal,
  });

export const analyzeSession = (id: string, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/analyze`, ChatAnalysisSchema, { body: {}, signal });
