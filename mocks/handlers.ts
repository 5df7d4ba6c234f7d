import { authHandlers } from './handlers/auth';
import { billingDetailsHandlers } from './handlers/billingDetails';
import { chatbotHandlers } from './handlers/chatbots';
import { chatSessionHandlers } from './handlers/chatSessions';
import { dashboardHandlers } from './handlers/dashboard';
import { dashboardHandoffHandlers } from './handlers/dashboardHandoffs';
import { databaseHandlers } from './handlers/database';
import { handlingHandlers } from './handlers/handling';
import { handoffHandlers } from './handlers/handoff';
import { instanceHandlers } from './handlers/instances';
import { invoiceHandlers } from './handlers/invoices';
import { knowledgeQaHandlers } from './handlers/knowledgeQa';
import { knowledgeQaImportHandlers } from './handlers/knowledgeQaImport';
import { knowledgeSourceHandlers } from './handlers/knowledgeSources';
import { liveHandlers } from './handlers/live';
import { membershipHandlers } from './handlers/membership';
import { paymentMethodHandlers } from './handlers/paymentMethods';
import { paymentHandlers } from './handlers/payments';
import { promptOptimizationHandlers } from './handlers/promptOptimization';
import { retrievalHandlers } from './handlers/retrieval';
import { salesHandlers } from './handlers/sales';
import { savedReplyHandlers } from './handlers/savedReplies';
import { testChatHandlers } from './handlers/testChat';
import { unansweredHandlers } from './handlers/unanswered';
import { uploadHandlers } from './handlers/upload';

/** Every endpoint of the API, as the normal ("happy") server answers it. */
export const handlers = [
  ...authHandlers,
  ...dashboardHandlers,
  ...dashboardHandoffHandlers,
  ...instanceHandlers,
  ...chatbotHandlers,
  ...databaseHandlers,
  ...testChatHandlers,
  ...promptOptimizationHandlers,
  ...uploadHandlers,
  ...chatSessionHandlers,
  ...handlingHandlers,
  ...handoffHandlers,
  ...knowledgeQaHandlers,
  ...unansweredHandlers,
  ...retrievalHandlers,
  ...knowledgeQaImportHandlers,
  ...knowledgeSourceHandlers,
  ...savedReplyHandlers,
  ...liveHandlers,
  ...salesHandlers,
  ...membershipHandlers,
  ...paymentMethodHandlers,
  ...paymentHandlers,
  ...billingDetailsHandlers,
  ...invoiceHandlers,
];
