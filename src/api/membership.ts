import { http, seg } from './client';
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

export const listPlans = (signal?: AbortSignal) =>
  http.get('/membership/plans', MembershipPlanListSchema, { signal });

export const getUserMembership = (signal?: AbortSignal) =>
  http.get('/membership/user', UserMembershipSchema, { signal });

export const getTokenResetTime = (signal?: AbortSignal) =>
  http.get('/membership/user/token-reset-time', TokenResetTimeSchema, { signal });

export const getTokenRemaining = (signal?: AbortSignal) =>
  http.get('/membership/user/token-remaining', TokenRemainingSchema, { signal });

export const createPlan = (body: PlanBody, signal?: AbortSignal) =>
  http.post('/membership', MembershipPlanSchema, { body: PlanBodySchema.parse(body), signal });

export const updatePlan = (id: string, body: PlanBody, signal?: AbortSignal) =>
  http.put(`/membership/${seg(id)}`, MembershipPlanSchema, { body: PlanBodySchema.parse(body), signal });

export const deletePlan = (id: string, signal?: AbortSignal) =>
  http.delete(`/membership/${seg(id)}`, OkSchema, { signal });
