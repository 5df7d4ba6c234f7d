/**
 * The fields of each resource exactly as spec section 3 lists them, nothing more: the component tests answer
 * with only these (mocks/testing.ts `only`) to prove a screen needs nothing the spec does not promise.
 */
export const SPEC_ACTIVITY_FIELDS = ['createdAt', 'description'];
export const SPEC_ANALYSIS_FIELDS = ['emotion_positive_percent', 'key_words', 'user_will'];
export const SPEC_CHATBOT_FIELDS = [
  'id',
  'name',
  'description',
  'prompt',
  'platform',
  'model',
  'temperature',
  'maxTokens',
  'stop',
  'type',
  'KnowledgeBaseFile',
];
export const SPEC_COMPARISON_FIELDS = ['countsOfToday', 'countsOfYesterday'];
export const SPEC_COUNT_FIELDS = ['count'];
export const SPEC_CREATE_PAYMENT_FIELDS = ['redirectUrl', 'isUpdate'];
export const SPEC_INSTANCE_FIELDS = ['id', 'instanceName', 'chatbotId', 'status', 'instanceStatus', 'qrCode'];
export const SPEC_MEMBERSHIP_FIELDS = [
  'name',
  'level',
  'endDate',
  'instanceLimit',
  'chatbotLimit',
  'monthlyTokenLimit',
  'totalChatSessionLimit',
  'knowledgeBaseFileLimit',
];
export const SPEC_MESSAGE_FIELDS = ['id', 'content', 'sender', 'sentAt'];
export const SPEC_PAYMENT_FIELDS = [
  'paymentAmount',
  'paymentCurrency',
  'paymentMethod',
  'payments',
  'membership',
];
export const SPEC_PAYMENT_ITEM_FIELDS = ['id', 'createdAt'];
export const SPEC_PLAN_FIELDS = [
  'id',
  'name',
  'level',
  'description',
  'instanceLimit',
  'chatbotLimit',
  'monthlyTokenLimit',
  'totalChatSessionLimit',
  'knowledgeBaseFileLimit',
  'monthlyPrice',
  'yearlyPrice',
  'monthlyPriceId',
  'yearlyPriceId',
  'hasAdvancedFeatures',
  'hasCustomPrompt',
  'status',
];
export const SPEC_SESSION_FIELDS = ['id', 'fromNumber', 'createdAt', 'isStarred', 'messages', 'analysis'];
export const SPEC_UPLOADED_FILE_FIELDS = ['knowledgeFileId', 'url', 'name', 'size', 'date'];
export const SPEC_USAGE_FIELDS = ['nowInstanceNum', 'maxInstanceNum', 'usageInfos', 'totalTokenCount'];
export const SPEC_USAGE_ROW_FIELDS = ['sessionFrom', 'tokenCount'];
