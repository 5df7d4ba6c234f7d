import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { coverage } from '../../../tests/coverage';
import type { UserInfo } from '../../api/schemas/auth';
import { LOGIN_REDIRECT_DELAY_MS } from '../constants';
import { modelPaths, replay, stateCoverage } from '../model';
import { loginMachine, loginMessages } from './login.machine';
import { loginModel } from './login.model';

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
    { clock },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, clock, notifySignedIn, redirect, sendSpy, signInSpy, settle };
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

  it('keeps the code and shows the spec text when the code is wrong', async () => {
    const { actor, settle, notifySignedIn } = start({ signIn: () => Promise.reject(new Error('400')) });
    actor.send({ type: 'email.changed', value: 'a@b.test' });
    actor.send({ type: 'code.sendRequested' });
    await settle();
    actor.send({ type: 'code.changed', value: '000000' });
    actor.send({ type: 'login.submitted' });
    await settle();
    expect(actor.getSnapshot().value).toBe('codeEntry');
    expect(actor.getSnapshot().context).toMatchObject({ code: '000000', error: loginMessages.loginFailed });
    expect(notifySignedIn).not.toHaveBeenCalled();
  });

  it('cannot submit before a code was sent', () => {
    const { actor } = start();
    actor.send({ type: 'email.changed', value: 'a@b.test' });
    expect(actor.getSnapshot().can({ type: 'login.submitted' })).toBe(false);
  });
});

describe('login model', () => {
  const { shortest } = modelPaths(loginMachine, loginModel);

  it('reaches every state and transition', () => {
    expect(stateCoverage(loginMachine, shortest).missing).toEqual([]);
    expect(coverage(loginMachine, loginModel).transitions.missing).toEqual([]);
  });

  it.each(shortest.map((p) => [JSON.stringify(p.state.value), p] as const))(
    'replays the shortest path to %s',
    (_, path) => {
      expect(replay(loginMachine, path).value).toEqual(path.state.value);
    },
  );
});
