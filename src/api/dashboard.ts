import { http } from './client';
import { ActivityLogSchema, ComparisonSchema, CountSchema } from './schemas/dashboard';

export const getMessageComparison = (signal?: AbortSignal) =>
  http.get('/chat-message/compare/yesterday', ComparisonSchema, { signal });

export const getWhatsappUserComparison = (signal?: AbortSignal) =>
  http.get('/chat-session/count/whatsapp-users', ComparisonSchema, { signal });

export const getActiveChatbotCount = (signal?: AbortSignal) =>
  http.get('/chatbots/count/active', CountSchema, { signal });

export const getActiveInstanceCount = (signal?: AbortSignal) =>
  http.get('/whatsapp/count/active', CountSchema, { signal });

export const getActivityLog = (signal?: AbortSignal) =>
  http.get('/activity-log/list', ActivityLogSchema, { signal });
