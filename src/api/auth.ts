import { http, preloadTransport } from './client';
import type { LoginBody } from './schemas/auth';

// The schemas load with the first call, not with the sign-in page: they are the largest part of its script.
const schemas = () => import('./schemas/auth');

export const sendCode = async (email: string, signal?: AbortSignal) => {
  const s = await schemas();
  return http.post('/auth/send-code', s.SendCodeResponseSchema, {
    body: s.SendCodeBodySchema.parse({ email }),
    signal,
  });
};

export const loginWithCode = async (body: LoginBody, signal?: AbortSignal) => {
  const s = await schemas();
  return http.post('/auth/login-otp', s.UserInfoSchema, { body: s.LoginBodySchema.parse(body), signal });
};

export const getCurrentUser = async (signal?: AbortSignal) => {
  const s = await schemas();
  return http.get('/users/me', s.CurrentUserSchema, { signal });
};

/** Fetches the schemas and the HTTP library early (idle time on the sign-in page), so the first call does not
 * wait for them. */
export const preloadAuthCalls = () => {
  void schemas();
  preloadTransport();
};
