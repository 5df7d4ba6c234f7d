import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../email';
import { IdSchema } from './common';

export const EmailSchema = z.string().check(z.regex(EMAIL_PATTERN, 'not an e-mail address'));

export const SendCodeBodySchema = z.object({ email: EmailSchema });

export const SendCodeResponseSchema = z.object({ success: z.literal(true) });

export const LoginBodySchema = z.object({
  email: EmailSchema,
  code: z.string().check(z.regex(/^\d{6}$/, 'six digits')),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * The login response is stored as it is: it is the stored user info. `id` is the user's id (spec section 3);
 * the response's `userId` is kept but never read: read the id through `userIdOf`.
 */
export const UserInfoSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  id: IdSchema,
  userId: z.optional(IdSchema),
  email: z.optional(EmailSchema),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Spec section 3 names only the isAdmin flag: the id and e-mail may be missing. */
export const CurrentUserSchema = z.looseObject({
  id: z.optional(IdSchema),
  email: z.optional(EmailSchema),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
