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
/** One code a minute per address. */
export const SEND_CODE_INTERVAL_MS = 60_000;
/** Wrong codes per address within FAILURE_WINDOW_MS, across codes, that pause sign-in for it. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 60 * 60_000;

const invalidCode = (message = 'Invalid verification code') =>
  errorResponse(400, message, { code: ErrorCodes.invalidCode });

const secondsUntil = (t: number) => Math.max(1, Math.ceil((t - now()) / 1000));

const throttled = (until: number) => {
  const retryAfter = secondsUntil(until);
  return errorResponse(429, `Please wait ${retryAfter} seconds before requesting another code`, {
    code: ErrorCodes.codeThrottled,
    retryAfter,
  });
};

const locked = (until: number) => {
  const retryAfter = secondsUntil(until);
  const minutes = Math.ceil(retryAfter / 60);
  return errorResponse(429, `Too many failed sign-in attempts. Try again in ${minutes} minutes`, {
    code: ErrorCodes.signInLocked,
    retryAfter,
  });
};

/** When sign-in opens again for the address, or null when it is open (failures older than the window go). */
function lockedUntil(email: string): number | null {
  const since = now() - FAILURE_WINDOW_MS;
  db.loginFailures.deleteMany((q) => q.where((f) => f.email === email && f.failedAt <= since));
  const failures = db.loginFailures
    .findMany((q) => q.where((f) => f.email === email))
    .map((f) => f.failedAt)
    .sort((a, b) => a - b);
  if (failures.length < MAX_FAILURES) return null;
  // Open again once enough of them have left the window to be below the limit.
  return (failures[failures.length - MAX_FAILURES] ?? now()) + FAILURE_WINDOW_MS;
}

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
    const address = email.trim().toLowerCase();
    const lockEnds = lockedUntil(address);
    if (lockEnds !== null) return locked(lockEnds);
    const last = db.loginCodes.findFirst((q) => q.where((c) => c.email === address));
    if (last && now() < last.sentAt + SEND_CODE_INTERVAL_MS)
      return throttled(last.sentAt + SEND_CODE_INTERVAL_MS);
    const code = randomCode();
    const stored = await givenLoginCode(email, code);
    deliverMail({ email: stored.email, code, sentAt: isoNow() });
    return HttpResponse.json({ success: true as const });
  }),

  publicRoute('post', '/auth/login-otp', async ({ request }) => {
    const body = await readBody(request, LoginBodySchema);
    const email = body.email.trim().toLowerCase();
    const lockEnds = lockedUntil(email);
    if (lockEnds !== null) return locked(lockEnds);
    const pending = db.loginCodes.findFirst((q) => q.where((c) => c.email === email));
    if (!pending) return invalidCode();
    if (pending.expiresAt <= now()) {
      db.loginCodes.delete(pending);
      return errorResponse(400, 'Verification code has expired, please request a new one', {
        code: ErrorCodes.codeExpired,
      });
    }
    if (pending.code !== body.code) {
      // Counted per address, not per code: asking for a new code does not buy more guesses.
      await db.loginFailures.create({ email, failedAt: now() });
      const lockNow = lockedUntil(email);
      if (lockNow !== null) {
        db.loginCodes.delete(pending);
        return locked(lockNow);
      }
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
    db.loginFailures.deleteMany((q) => q.where((f) => f.email === email));

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
