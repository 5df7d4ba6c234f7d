import { getEndpoint, http, seg } from './client';
import { OkSchema } from './schemas/common';
import {
  InstanceListSchema,
  InstanceSchema,
  type InstanceUpdateBody,
  InstanceUpdateBodySchema,
  type TimeRangeCode,
  type UsageDateRange,
  UsageInfoBodySchema,
  UsageInfoSchema,
} from './schemas/instances';

export const createInstance = (signal?: AbortSignal) =>
  http.post('/whatsapp/create-instance', InstanceSchema, { body: {}, signal });

export const listInstances = getEndpoint('/whatsapp/list', InstanceListSchema);

export const getInstance = (id: string, signal?: AbortSignal) =>
  http.get(`/whatsapp/${seg(id)}`, InstanceSchema, { signal });

export const logoutInstance = (id: string, signal?: AbortSignal) =>
  http.post(`/whatsapp/${seg(id)}/logout`, OkSchema, { body: {}, signal });

export const updateInstance = (id: string, body: InstanceUpdateBody, signal?: AbortSignal) =>
  http.post(`/whatsapp/${seg(id)}/update`, InstanceSchema, {
    body: InstanceUpdateBodySchema.parse(body),
    signal,
  });

/** Usage for a time range code (the spec's), or for whole days of the user's calendar (see the schema). */
export const getUsageInfo = (period: TimeRangeCode | UsageDateRange, signal?: AbortSignal) =>
  http.post('/whatsapp/usage-info', UsageInfoSchema, {
    body: UsageInfoBodySchema.parse(typeof period === 'number' ? { timeRange: period } : period),
    signal,
  });
