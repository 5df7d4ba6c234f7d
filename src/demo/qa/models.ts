import {
  billingModel,
  membershipModel,
  plansModel,
  tokensModel,
} from '../../machines/billing/billing.flowModel';
import { botEditorModel } from '../../machines/botEditor/botEditor.flowModel';
import { chatHistoryModel } from '../../machines/chatHistory/chatHistory.flowModel';
import { dashboardModel, PANEL_MODELS } from '../../machines/dashboard/dashboard.flowModel';
import { instanceConnectionModel } from '../../machines/instanceConnection/instanceConnection.flowModel';
import {
  chatbotOptionsModel,
  instanceListModel,
  instancesModel,
} from '../../machines/instances/instances.flowModel';
import { loginModel } from '../../machines/login/login.flowModel';
import type { FlowModel } from '../../machines/model';
import { paymentSuccessModel } from '../../machines/paymentSuccess/paymentSuccess.flowModel';
import { planAdminModel } from '../../machines/planAdmin/planAdmin.flowModel';
import { planChangeModel } from '../../machines/planChange/planChange.flowModel';
import { sessionModel } from '../../machines/session/session.flowModel';
import { testChatModel } from '../../machines/testChat/testChat.flowModel';
import { usageModel } from '../../machines/usage/usage.flowModel';
import { demoCheckoutModel } from '../checkout/demoCheckout.flowModel';
import { demoPortalModel } from '../checkout/demoPortal.flowModel';

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
    demoPortalModel,
  ].map((m) => [m.id, m as FlowModel]),
);
