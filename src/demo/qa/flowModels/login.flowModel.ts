import { DEMO_OWNER } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import { loginMachine } from '../../../machines/login/login.machine';
import { type FlowModel, oneOf } from '../../../machines/model';

/** The demo owner as sign-in answers it (mocks/seed.ts): a QA jump past sign-in holds a live session. */
export const sampleUser = {
  accessToken: DEMO_OWNER.token,
  id: DEMO_OWNER.id,
  userId: DEMO_OWNER.id,
  email: DEMO_OWNER.email,
};

/** A 429 answer with its code and wait (the model's and the tests' throttle and lockout). */
export function tooMany(endpoint: string, code: string, retryAfter?: number) {
  const message = 'Too many requests';
  const body = { statusCode: 429, message, code, retryAfter };
  return new ApiError({ kind: 'http', status: 429, endpoint, message, body });
}

export const loginModel: FlowModel = {
  id: 'login',
  machine: loginMachine,
  events: [
    { type: 'email.changed', value: DEMO_OWNER.email },
    { type: 'email.changed', value: 'owner@' },
    { type: 'email.changed', value: '' },
    { type: 'code.changed', value: '123456' },
    { type: 'code.changed', value: '' },
    { type: 'code.sendRequested' },
    { type: 'login.submitted' },
  ],
  outputs: { signIn: sampleUser, sendCode: { success: true } },
  errors: {
    sendCode: oneOf(
      new ApiError({ kind: 'network', endpoint: 'POST /auth/send-code', message: 'Network error' }),
      tooMany('POST /auth/send-code', 'CODE_THROTTLED', 42),
      tooMany('POST /auth/send-code', 'SIGN_IN_LOCKED', 1800),
    ),
    signIn: oneOf(
      new ApiError({
        kind: 'http',
        status: 400,
        endpoint: 'POST /auth/login-otp',
        message: 'Invalid verification code',
        body: { statusCode: 400, message: 'Invalid verification code', code: 'INVALID_CODE' },
      }),
      tooMany('POST /auth/login-otp', 'SIGN_IN_LOCKED', 1800),
    ),
  },
  // The send counter only matters as "sent at least once"; texts as they are (three of each).
  serialize: ({ context: c }) => [c.sendCount > 0, c.email, c.code, c.error?.id ?? null],
};
