import { http } from './client';
import {
  CurrentUserSchema,
  type LoginBody,
  LoginBodySchema,
  SendCodeBodySchema,
  SendCodeResponseSchema,
  UserInfoSchema,
} from './schemas/auth';

export const sendCode = (email: string, signal?: AbortSignal) =>
  http.post('/auth/send-code', SendCodeResponseSchema, { body: SendCodeBodySchema.parse({ email }), signal });

export const loginWithCode = (body: LoginBody, signal?: AbortSignal) =>
  http.post('/auth/login-otp', UserInfoSchema, { body: LoginBodySchema.parse(body), signal });

export const getCurrentUser = (signal?: AbortSignal) => http.get('/users/me', CurrentUserSchema, { signal });
