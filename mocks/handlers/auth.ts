import { HttpResponse } from 'msw';
import {
  type CurrentUser,
  LoginBodySchema,
  SendCodeBodySchema,
  type UserInfo,
} from '../../src/api/schemas/auth';
import { ErrorCodes } from '../../src/api/schemas/common';
import { isoNow, now } from '../clock';
import { db } from '../db';
import { givenDefaultPlans, givenLoginCode, givenMembership } from '../fixtures';
import { deliverMail } from '../mailbox';
import { authedRoute, errorResponse, publicRoute, readBody } from './common';

/** Wrong guesses before a code is burnt. */
const MAX_ATTEMPTS = 5;

const invalidCode = (message = 'Invalid verification code') =>
  errorResponse(400, message, { code: ErrorCodes.invalidCode });

function randomCode(): string {
  const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(n % 1_000_000).padStart(6, '0');
}

function randomToken(): string {
  return `tok_${crypto.randomUUID().replaceAll('-', '')}`;
}

export const authHandlers = [
  publicRoute('post', '/auth/send-code', async ({ request }) => {
    const { email } = await readBody(request, SendCodeBodySchema);
    const code = randomCode();
    const stored = await givenLoginCode(email, code);
    deliverMail({ email: stored.email, code, sentAt: isoNow() });
    return HttpResponse.json({ success: true as const });
  }),

  publicRoute('post', '/auth/login-otp', async ({ request }) => {
    const body = await readBody(request, LoginBodySchema);
    const email = body.email.toLowerCase();
    const pending = db.loginCodes.findFirst((q) => q.where((c) => c.email === email));
    if (!pending) return invalidCode();
    if (pending.expiresAt <= now()) {
      db.loginCodes.delete(pending);
      return errorResponse(400, 'Verification code has expired, please request a new one', {
        code: ErrorCodes.codeExpired,
      });
    }
    if (pending.code !== body.code) {
      if (pending.attempts + 1 >= MAX_ATTEMPTS) {
        db.loginCodes.delete(pending);
        return invalidCode('Invalid verification code; too many attempts, please request a new one');
      }
      await db.loginCodes.update(pending, {
        data(c) {
          c.attempts += 1;
        },
      });
      return invalidCode();
    }
    db.loginCodes.delete(pending);

    // An unknown address signs up: a new, empty account on the Free plan.
    let user = db.users.findFirst((q) => q.where((u) => u.email === email));
    if (!user) {
      await givenDefaultPlans();
      user = await db.users.create({
        id: `user-${crypto.randomUUID()}`,
        email,
        isAdmin: false,
        createdAt: isoNow(),
      });
      await givenMembership(user.id, { planName: 'Free' });
    }
    const token = randomToken();
    await db.authSessions.create({ token, userId: user.id, createdAt: isoNow() });
    const info: UserInfo = { accessToken: token, id: user.id, userId: user.id, email: user.email };
    return HttpResponse.json(info);
  }),

  authedRoute('get', '/users/me', ({ user }) => {
    const me: CurrentUser = { id: user.id, email: user.email, isAdmin: user.isAdmin };
    return HttpResponse.json(me);
  }),
];
