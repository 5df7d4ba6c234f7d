import type { FlowModel } from '../../machines/model';
import { billingModel, membershipModel, plansModel, tokensModel } from './flowModels/billing.flowModel';
import { botEditorModel } from './flowModels/botEditor.flowModel';
import { chatHistoryModel } from './flowModels/chatHistory.flowModel';
import { conversationAnalysisModel } from './flowModels/conversationAnalysis.flowModel';
import { conversationExportModel } from './flowModels/conversationExport.flowModel';
import { dashboardModel, PANEL_MODELS } from './flowModels/dashboard.flowModel';
import { demoCheckoutModel } from './flowModels/demoCheckout.flowModel';
import { demoPortalModel } from './flowModels/demoPortal.flowModel';
import { instanceConnectionModel } from './flowModels/instanceConnection.flowModel';
import { chatbotOptionsModel, instanceListModel, instancesModel } from './flowModels/instances.flowModel';
import { loginModel } from './flowModels/login.flowModel';
import { paymentSuccessModel } from './flowModels/paymentSuccess.flowModel';
import { planAdminModel } from './flowModels/planAdmin.flowModel';
import { planChangeModel } from './flowModels/planChange.flowModel';
import { sessionModel } from './flowModels/session.flowModel';
import { testChatModel } from './flowModels/testChat.flowModel';
import { usageModel } from './flowModels/usage.flowModel';

/** Every flow the QA tools can drive and jump, by the id its view registers under (useFlow). */
export const FLOW_MODELS: Record<string, FlowModel> = Object.fromEntries(
  [
    loginModel,
    sessionModel,
    dashboardModel,
    ...PANEL_MODELS,
    instancesModel,
    instanceListModel,
    chatbotOptionsModel,
    instanceConnectionModel,
    botEditorModel,
    testChatModel,
    chatHistoryModel,
    conversationExportModel,
    conversationAnalysisModel,
    billingModel,
    membershipModel,
    tokensModel,
    plansModel,
    usageModel,
    planChangeModel,
    paymentSuccessModel,
    planAdminModel,
    demoCheckoutModel,
    demoPortalModel,
  ].map((m) => [m.id, m as FlowModel]),
);
