import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { startInAppSystem } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import type { UserInfo } from '../../api/schemas/auth';
import { loginModel, sampleUser, tooMany } from '../../demo/qa/flowModels/login.flowModel';
import { LOGIN_REDIRECT_DELAY_MS } from '../constants';
import { type LoginEvent, loginMachine } from './login.machine';
import { codeThrottledIn, loginMessages, signInLockedFor } from './messages';

const user: UserInfo = { accessToken: 't', id: 'u1', userId: 'u1' };

function start(
  { send = async () => ({}), signIn = async () => user } = {} as {
    send?: (email: string) => Promise<unknown>;
    signIn?: (input: { email: string; code: string }) => Promise<UserInfo>;
  },
) {
  const clock = new SimulatedClock();
  const notifySignedIn = vi.fn();
  const redirect = vi.fn();
  const sendSpy = vi.fn(send);
  const signInSpy = vi.fn(signIn);
  const actor = createActor(
    loginMachine.provide({
      actors: {
        sendCode: fromPromise(({ input }) => sendSpy(input.email)),
        signIn: fromPromise(({ input }) => signInSpy(input)),
      },
      actions: { notifySignedIn, redirect },
    }),
    { clock, input: { redirectTo: '/dashboard' } },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, clock, notifySignedIn, redirect, sendSpy, signInSpy, settle };
}

/** Asks for a code for a@b.test, enters `code` and submits it; resolves once the answers are in. */
async function signInWith(actor: { send: (event: LoginEvent) => void }, code: string) {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  actor.send({ type: 'email.changed', value: 'a@b.test' });
  actor.send({ type: 'code.sendRequested' });
  await settle();
  actor.send({ type: 'code.changed', value: code });
  actor.send({ type: 'login.submitted' });
  await settle();
}

describe('login', () => {
  it('cannot send a code for an empty e-mail, and never sends an invalid one', async () => {
    const { actor, sendSpy } = start();
    expect(actor.getSnapshot().can({ type: 'code.sendRequested' })).toBe(false);
    actor.send({ type: 'email.changed', value: 'not-an-email' });
    actor.send({ type: 'code.sendRequested' });
    expect(actor.getSnapshot().context.error).toEqual(loginMessages.invalidEmail);
    expect(actor.getSnapshot().value).toBe('emailEntry');
    expect(sendSpy).not.toHaveBeenCalled();
  });

  it('shows the code field only after a code was sent, and counts sends for Resend', async () => {
    const { actor, sendSpy, settle } = start();
    expect(actor.getSnapshot().hasTag('codeSent')).toBe(false);
    actor.send({ type: 'email.changed', value: ' owner@demo.test ' });
    actor.send({ type: 'code.sendRequested' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(sendSpy).toHaveBeenCalledWith('owner@demo.test');
    expect(actor.getSnapshot().hasTag('codeSent')).toBe(true);
    expect(actor.getSnapshot().context.sendCount).toBe(1);
    actor.send({ type: 'code.sendRequested' });
    await settle();
    expect(actor.getSnapshot().context.sendCount).toBe(2);
  });

  it('shows the spec text when sending fails, and stays where it was', async () => {
    const { actor, settle } = start({ send: () => Promise.reject(new Error('down')) });
    actor.send({ type: 'email.changed', value: 'a@b.test' });
    actor.send({ type: 'code.sendRequested' });
    await settle();
    expect(actor.getSnapshot().value).toBe('emailEntry');
    expect(actor.getSnapshot().context.error).toEqual(loginMessages.sendFailed);
  });

  it('signs in, tells the session, and redirects after 1 second', async () => {
    const { actor, clock, settle, notifySignedIn, redirect, signInSpy } = start();
    actor.send({ type: 'email.changed', value: 'a@b.test' });
    actor.send({ type: 'code.sendRequested' });
    await settle();
    expect(actor.getSnapshot().can({ type: 'login.submitted' })).toBe(true);
    actor.send({ type: 'code.changed', value: ' 123456 ' });
    actor.send({ type: 'login.submitted' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'login.submitted' })).toBe(false);
    await settle();
    expect(signInSpy).toHaveBeenCalledWith({ email: 'a@b.test', code: '123456' });
    expect(notifySignedIn).toHaveBeenCalledTimes(1);
    clock.increment(LOGIN_REDIRECT_DELAY_MS - 1);
    expect(redirect).not.toHaveBeenCalled();
    clock.increment(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('tells the session who signed in, then asks the app to go to the target in place of /login', async () => {
    const clock = new SimulatedClock();
    const { actor, received } = startInAppSystem(
      loginMachine.provide({
        actors: {
          sendCode: fromPromise(async (): Promise<unknown> => ({})),
          signIn: fromPromise(async () => user),
        },
      }),
      { clock, input: { redirectTo: '/chat-history?phone=1' } },
    );
    await signInWith(actor, '123456');
    expect(received.session).toEqual([{ type: 'session.signedIn', user }]);
    expect(received.app).toEqual([]);
    clock.increment(LOGIN_REDIRECT_DELAY_MS);
    expect(received.app).toEqual([{ type: 'app.navigate', to: '/chat-history?phone=1', replace: true }]);
  });

  it('keeps the code and shows the spec text when the code is wrong', async () => {
    const { actor, notifySignedIn } = start({ signIn: () => Promise.reject(new Error('400')) });
    await signInWith(actor, '000000');
    expect(actor.getSnapshot().value).toBe('codeEntry');
    expect(actor.getSnapshot().context).toMatchObject({ code: '000000', error: loginMessages.loginFailed });
    expect(notifySignedIn).not.toHaveBeenCalled();
  });

  it('says how long to wait when the server throttles codes, and shows the code field for the one already sent', async () => {
    const throttled = tooMany('POST /auth/send-code', 'CODE_THROTTLED', 43);
    const { actor, settle } = start({ send: () => Promise.reject(throttled) });
    actor.send({ type: 'email.changed', value: 'a@b.test' });
    actor.send({ type: 'code.sendRequested' });
    await settle();
    expect(actor.getSnapshot().value).toBe('codeEntry');
    expect(actor.getSnapshot().context.error).toEqual(codeThrottledIn(43));
    expect(actor.getSnapshot().context.sendCount).toBe(1);
  });

  it('says sign-in is paused, in minutes, when the address is locked', async () => {
    const locked = (retryAfter?: number) => tooMany('POST /auth/login-otp', 'SIGN_IN_LOCKED', retryAfter);
    let answer = locked(50 * 60 - 5);
    const { actor, settle } = start({ signIn: () => Promise.reject(answer) });
    await signInWith(actor, '000000');
    expect(actor.getSnapshot().context).toMatchObject({ code: '000000', error: signInLockedFor(50) });
    answer = locked();
    actor.send({ type: 'login.submitted' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(loginMessages.signInLocked);
  });

  it('cannot submit before a code was sent', () => {
    const { actor } = start();
    actor.send({ type: 'email.changed', value: 'a@b.test' });
    expect(actor.getSnapshot().can({ type: 'login.submitted' })).toBe(false);
  });
});

type Snap = SnapshotFrom<typeof loginMachine>;
// The only well-formed address and the only non-empty code among the model's inputs.
const validEmail = sampleUser.email;
const typedCode = '123456';
const beforeSignIn = (s: Snap) => expect(s.context.user).toBeNull();
const errorShown = (s: Snap) => s.context.error?.id ?? null;

describeStateViews(loginModel, {
  // The e-mail stays editable on every screen of the flow.
  '*': { enabled: ['email.changed'] },
  emailEntry: {
    // Send Code is enabled once something is typed; a malformed address is refused with a message.
    enabled: (s: Snap) => (s.context.email.trim() ? ['code.sendRequested'] : []),
    shows: (s: Snap) => {
      // No code was ever sent from here: a failed resend keeps the code field.
      expect(s.context.sendCount).toBe(0);
      expect(s.context.code).toBe('');
      expect(errorShown(s)).toBeOneOf([
        null,
        loginMessages.invalidEmail.id,
        loginMessages.sendFailed.id,
        signInLockedFor(30).id,
      ]);
      beforeSignIn(s);
    },
  },
  sendingCode: {
    tags: ['busy', 'sending'],
    runs: { sendCode: (input: { email: string }) => expect(input).toEqual({ email: validEmail }) },
    shows: (s: Snap) => {
      expect(s.context.error).toBeNull();
      beforeSignIn(s);
    },
  },
  codeEntry: {
    tags: ['codeSent'],
    // Sign in is always offered once a code was sent (an empty code gets a message); Resend needs an address.
    enabled: (s: Snap) => [
      'code.changed',
      'login.submitted',
      ...(s.context.email.trim() ? ['code.sendRequested'] : []),
    ],
    shows: (s: Snap) => {
      expect(s.context.sendCount).toBeGreaterThan(0);
      expect(errorShown(s)).toBeOneOf([
        null,
        loginMessages.invalidEmail.id,
        loginMessages.sendFailed.id,
        loginMessages.codeRequired.id,
        loginMessages.loginFailed.id,
        codeThrottledIn(42).id,
        signInLockedFor(30).id,
      ]);
      // The wait the server gave, in the unit the message uses.
      if (errorShown(s) === codeThrottledIn(42).id) expect(s.context.error?.values).toEqual({ seconds: 42 });
      if (errorShown(s) === signInLockedFor(30).id) expect(s.context.error?.values).toEqual({ minutes: 30 });
      beforeSignIn(s);
    },
  },
  submitting: {
    tags: ['busy', 'codeSent', 'submitting'],
    runs: {
      signIn: (input: { email: string; code: string }) => {
        expect(input.code).toBe(typedCode);
        expect(input.email).toBe(input.email.trim());
      },
    },
    shows: (s: Snap) => {
      expect(s.context.error).toBeNull();
      beforeSignIn(s);
    },
  },
  signedIn: {
    tags: ['busy', 'codeSent', 'signedIn'],
    shows: (s: Snap) => {
      expect(s.context.user).toEqual(sampleUser);
      expect(s.context.error).toBeNull();
    },
  },
  done: {
    shows: (s: Snap) => {
      expect(s.status).toBe('done');
      expect(s.context.user).toEqual(sampleUser);
    },
  },
});
