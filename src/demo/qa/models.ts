import { billingModel, membershipModel, plansModel, tokensModel } from '../../machines/billing/billing.model';
import { botEditorModel } from '../../machines/botEditor/botEditor.model';
import { chatHistoryModel } from '../../machines/chatHistory/chatHistory.model';
import { dashboardModel, PANEL_MODELS } from '../../machines/dashboard/dashboard.model';
import { instanceConnectionModel } from '../../machines/instanceConnection/instanceConnection.model';
import {
  chatbotOptionsModel,
  instanceListModel,
  instancesModel,
} from '../../machines/instances/instances.model';
import { loginModel } from '../../machines/login/login.model';
import type { FlowModel } from '../../machines/model';
import { paymentSuccessModel } from '../../machines/paymentSuccess/paymentSuccess.model';
import { planAdminModel } from '../../machines/planAdmin/planAdmin.model';
import { planChangeModel } from '../../machines/planChange/planChange.model';
import { sessionModel } from '../../machines/session/session.model';
import { testChatModel } from '../../machines/testChat/testChat.model';
import { usageModel } from '../../machines/usage/usage.model';
import { demoCheckoutModel } from '../checkout/demoCheckout.model';

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
    billingModel,
    membershipModel,
    tokensModel,
    plansModel,
    usageModel,
    planChangeModel,
    paymentSuccessModel,
    planAdminModel,
    demoCheckoutModel,
  ].map((m) => [m.id, m as FlowModel]),
);
