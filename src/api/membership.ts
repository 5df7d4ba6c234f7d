import { getEndpoint, http, postEndpoint, seg } from './client';
import { OkSchema } from './schemas/common';
import {
  MembershipPlanListSchema,
  MembershipPlanSchema,
  type PlanBody,
  PlanBodySchema,
  TokenRemainingSchema,
  TokenResetTimeSchema,
  UserMembershipSchema,
} from './schemas/membership';

export const listPlans = getEndpoint('/membership/plans', MembershipPlanListSchema);

export const getUserMembership = getEndpoint('/membership/user', UserMembershipSchema);

export const getTokenResetTime = getEndpoint('/membership/user/token-reset-time', TokenResetTimeSchema);

export const getTokenRemaining = getEndpoint('/membership/user/token-remaining', TokenRemainingSchema);

export const createPlan = postEndpoint('/membership', PlanBodySchema, MembershipPlanSchema);

export const updatePlan = (id: string, body: PlanBody, signal?: AbortSignal) =>
  http.put(`/membership/${seg(id)}`, MembershipPlanSchema, { body: PlanBodySchema.parse(body), signal });

export const deletePlan = (id: string, signal?: AbortSignal) =>
  http.delete(`/membership/${seg(id)}`, OkSchema, { signal });
