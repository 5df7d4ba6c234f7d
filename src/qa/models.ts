import { loginModel } from '../machines/login/login.model';
import type { FlowModel } from '../machines/model';
import { sessionModel } from '../machines/session/session.model';

/** Every flow the QA tools can drive and jump, by the id its view registers under. */
export const FLOW_MODELS: Record<string, FlowModel> = {
  [loginModel.id]: loginModel,
  [sessionModel.id]: sessionModel as FlowModel,
};
