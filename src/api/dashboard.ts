import { getEndpoint } from './client';
import { ActivityLogSchema, ComparisonSchema, CountSchema } from './schemas/dashboard';

export const getMessageComparison = getEndpoint('/chat-message/compare/yesterday', ComparisonSchema);

export const getWhatsappUserComparison = getEndpoint('/chat-session/count/whatsapp-users', ComparisonSchema);

export const getActiveChatbotCount = getEndpoint('/chatbots/count/active', CountSchema);

export const getActiveInstanceCount = getEndpoint('/whatsapp/count/active', CountSchema);

export const getActivityLog = getEndpoint('/activity-log/list', ActivityLogSchema);
