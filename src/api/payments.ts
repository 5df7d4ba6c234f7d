import { http } from './client';
import {
  type CreatePaymentBody,
  CreatePaymentBodySchema,
  CreatePaymentResultSchema,
  ManagementUrlSchema,
  PaymentSessionBodySchema,
  PaymentSessionDetailsSchema,
} from './schemas/payments';

export const createPayment = (body: CreatePaymentBody, signal?: AbortSignal) =>
  http.post('/payments/create', CreatePaymentResultSchema, {
    body: CreatePaymentBodySchema.parse(body),
    signal,
  });

export const getSubscriptionManagementUrl = (sessionId: string, signal?: AbortSignal) =>
  http.get('/payments/subscription-management-url', ManagementUrlSchema, { query: { sessionId }, signal });

export const getPaymentSession = (sessionId: string, signal?: AbortSignal) =>
  http.post('/payments/subscription-by-session-id', PaymentSessionDetailsSchema, {
    body: PaymentSessionBodySchema.parse({ sessionId }),
    signal,
  });
