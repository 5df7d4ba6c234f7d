import { http, postEndpoint } from './client';
import {
  CreatePaymentBodySchema,
  CreatePaymentResultSchema,
  ManagementUrlSchema,
  PaymentSessionBodySchema,
  PaymentSessionDetailsSchema,
} from './schemas/payments';

export const createPayment = postEndpoint(
  '/payments/create',
  CreatePaymentBodySchema,
  CreatePaymentResultSchema,
);

export const getSubscriptionManagementUrl = (sessionId: string, signal?: AbortSignal) =>
  http.get('/payments/subscription-management-url', ManagementUrlSchema, { query: { sessionId }, signal });

export const getPaymentSession = (sessionId: string, signal?: AbortSignal) =>
  http.post('/payments/subscription-by-session-id', PaymentSessionDetailsSchema, {
    body: PaymentSessionBodySchema.parse({ sessionId }),
    signal,
  });
