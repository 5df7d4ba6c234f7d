import type { MessageDescriptor } from '@lingui/core';
import { assign, fromPromise, setup } from 'xstate';
import { loginWithCode, sendCode } from '../../api/auth';
import { holdRequestsUntil } from '../../api/client';
import { isEmail } from '../../api/email';
import { ErrorCodes } from '../../api/errorCodes';
import type { UserInfo } from '../../api/schemas/auth';
import { writeUserInfo } from '../../api/storage';
import { LOGIN_REDIRECT_DELAY_MS } from '../constants';
import { PATHS } from '../paths';
import { askApp, SYSTEM_IDS, sendToSystem } from '../system';
import { describeLoginFailure, loginMessages, refusedWith } from './messages';

export interface LoginContext {
  email: string;
  code: string;
  /** How many codes were sent: after the first, Send Code reads Resend Code. */
  sendCount: number;
  error: MessageDescriptor | null;
  user: UserInfo | null;
  /** Where to go once signed in: a same-origin path the app already checked (safeRedirect). */
  redirectTo: string;
}

export type LoginEvent =
  | { type: 'email.changed'; value: string }
  | { type: 'code.changed'; value: string }
  | { type: 'code.sendRequested' }
  | { type: 'login.submitted' };

/** Signs in and stores the user info before any held request goes on with the new token. */
export async function signIn(
  input: { email: string; code: string },
  signal?: AbortSignal,
): Promise<UserInfo> {
  const stored = loginWithCode(input, signal).then((user) => {
    writeUserInfo(user);
    return user;
  });
  holdRequestsUntil(stored);
  return stored;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { redirectTo?: string } | undefined,
  },
  actors: {
    sendCode: fromPromise<unknown, { email: string }>(({ input, signal }) => sendCode(input.email, signal)),
    signIn: fromPromise<UserInfo, { email: string; code: string }>(({ input, signal }) =>
      signIn(input, signal),
    ),
  },
  delays: { redirectDelay: LOGIN_REDIRECT_DELAY_MS },
  guards: {
    emailEntered: ({ context }) => context.email.trim().length > 0,
    emailValid: ({ context }) => isEmail(context.email.trim()),
    codeEntered: ({ context }) => context.code.trim().length > 0,
    codeWasSent: ({ context }) => context.sendCount > 0,
    /** The server sent this address a code moments ago (maybe from another tab): that code is the one to enter. */
    codeJustSent: ({ event }) => 'error' in event && refusedWith(event.error, ErrorCodes.codeThrottled),
  },
  actions: {
    setEmail: assign({ email: ({ event }) => (event.type === 'email.changed' ? event.value : '') }),
    setCode: assign({ code: ({ event }) => (event.type === 'code.changed' ? event.value : '') }),
    clearError: assign({ error: null }),
    /** Tells the session; after the delay, redirect goes to the target. */
    notifySignedIn: sendToSystem(SYSTEM_IDS.session, ({ context }) => ({
      type: 'session.signedIn',
      user: context.user,
    })),
    redirect: askApp(({ context }) => ({ type: 'app.navigate', to: context.redirectTo, replace: true })),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    code: '',
    sendCount: 0,
    error: null,
    user: null,
    redirectTo: input?.redirectTo ?? PATHS.dashboard,
  }),
  initial: 'emailEntry',
  on: {
    'email.changed': { actions: 'setEmail' },
  },
  states: {
    emailEntry: {
      on: {
        'code.sendRequested': [
          { guard: 'emailValid', target: 'sendingCode', actions: 'clearError' },
          { guard: 'emailEntered', actions: assign({ error: loginMessages.invalidEmail }) },
        ],
      },
    },
    sendingCode: {
      tags: ['busy', 'sending'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'codeEntry',
          actions: assign({ sendCount: ({ context }) => context.sendCount + 1, error: null }),
        },
        onError: [
          {
            guard: 'codeJustSent',
            target: 'codeEntry',
            actions: assign({
              sendCount: ({ context }) => Math.max(context.sendCount, 1),
              error: ({ event }) => describeLoginFailure(event.error, loginMessages.sendFailed),
            }),
          },
          {
            guard: 'codeWasSent',
            target: 'codeEntry',
            actions: assign({
              error: ({ event }) => describeLoginFailure(event.error, loginMessages.sendFailed),
            }),
          },
          {
            target: 'emailEntry',
            actions: assign({
              error: ({ event }) => describeLoginFailure(event.error, loginMessages.sendFailed),
            }),
          },
        ],
      },
    },
    codeEntry: {
      tags: ['codeSent'],
      on: {
        'code.changed': { actions: 'setCode' },
        'code.sendRequested': [
          { guard: 'emailValid', target: 'sendingCode', actions: 'clearError' },
          { guard: 'emailEntered', actions: assign({ error: loginMessages.invalidEmail }) },
        ],
        'login.submitted': [
          { guard: 'codeEntered', target: 'submitting', actions: 'clearError' },
          { actions: assign({ error: loginMessages.codeRequired }) },
        ],
      },
    },
    submitting: {
      tags: ['busy', 'codeSent', 'submitting'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim() }),
        onDone: {
          target: 'signedIn',
          actions: [assign({ user: ({ event }) => event.output }), 'notifySignedIn'],
        },
        onError: {
          target: 'codeEntry',
          actions: assign({
            error: ({ event }) => describeLoginFailure(event.error, loginMessages.loginFailed),
          }),
        },
      },
    },
    signedIn: {
      tags: ['busy', 'codeSent', 'signedIn'],
      after: { redirectDelay: 'done' },
    },
    done: { type: 'final', entry: 'redirect' },
  },
});
