import { getEndpoint, http } from './client';
import {
  ActivityLogSchema,
  ComparisonSchema,
  CountSchema,
  type TrendPeriod,
  TrendsSchema,
} from './schemas/dashboard';

export const getMessageComparison = getEndpoint('/chat-message/compare/yesterday', ComparisonSchema);

export const getWhatsappUserComparison = getEndpoint('/chat-session/count/whatsapp-users', ComparisonSchema);

export const getActiveChatbotCount = getEndpoint('/chatbots/count/active', CountSchema);

export const getActiveInstanceCount = getEndpoint('/whatsapp/count/active', CountSchema);

export const getActivityLog = getEndpoint('/activity-log/list', ActivityLogSchema);

/** The daily series of the last `days` days (7, 30 or 90), oldest first. */
export const getTrends = (days: TrendPeriod, signal?: AbortSignal) =>
  http.get('/dashboard/trends', TrendsSchema, { query: { days: String(days) }, signal });
