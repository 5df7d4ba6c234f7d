import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { installMemoryStorage } from '../../../tests/memoryStorage';
import { describeStateViews } from '../../../tests/stateViews';
import { ApiError } from '../../api/errors';
import { type CurrentUser, userIdOf } from '../../api/schemas/auth';
import { readUserInfo, writeUserInfo } from '../../api/storage';
import { sampleUser } from '../login/login.model';
import { isAdmin, sessionMachine, signedInUserId } from './session.machine';
import { sessionModel } from './session.model';

installMemoryStorage();
const info = { accessToken: 't', id: 'u1', userId: 'u1' };
const admin: CurrentUser = { id: 'u1', email: 'admin@demo.test', isAdmin: true };
const settle = () => new Promise((r) => setTimeout(r, 0));

function start(loadCurrentUser: () => Promise<CurrentUser> = async () => admin) {
  const goToLogin = vi.fn();
  const returnAfterLogin = vi.fn();
  const actor = createActor(
    sessionMachine.provide({
      actors: { loadCurrentUser: fromPromise(loadCurrentUser) },
      actions: { goToLogin, returnAfterLogin },
    }),
    { input: { user: readUserInfo() } },
  ).start();
  return { actor, goToLogin, returnAfterLogin };
}

describe('session', () => {
  it('starts signed out without stored user info', () => {
    localStorage.clear();
    expect(start().actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('starts signed in with a stored token and learns whether the user is an admin', async () => {
    writeUserInfo(info);
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('loadingUser')).toBe(true);
    await settle();
    expect(isAdmin(actor.getSnapshot().context)).toBe(true);
  });

  it('goes on as a regular user when /users/me fails', async () => {
    writeUserInfo(info);
    const { actor } = start(() =>
      Promise.reject(new ApiError({ kind: 'network', endpoint: 'GET /users/me', message: 'x' })),
    );
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(isAdmin(actor.getSnapshot().context)).toBe(false);
  });

  it('signs out and comes back after signing in when /users/me answers 401', async () => {
    writeUserInfo(info);
    const { actor, goToLogin, returnAfterLogin } = start(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 401, endpoint: 'GET /users/me', message: 'x' })),
    );
    await settle();
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(readUserInfo()).toBeNull();
    expect(returnAfterLogin).toHaveBeenCalledTimes(1);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('logout clears the stored user info and goes to login', async () => {
    writeUserInfo(info);
    const { actor, goToLogin } = start();
    await settle();
    actor.send({ type: 'session.logout' });
    expect(readUserInfo()).toBeNull();
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('signs in from the login flow', async () => {
    localStorage.clear();
    const { actor } = start();
    actor.send({ type: 'session.signedIn', user: info });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });
});

type Snap = SnapshotFrom<typeof sessionMachine>;
const me = sessionModel.outputs?.loadCurrentUser;

describeStateViews(sessionModel, {
  // Never at rest: the stored token decides at once.
  starting: {},
  signedOut: {
    tags: ['signedOut'],
    enabled: ['session.signedIn'],
    // Nothing of a previous user is kept once signed out.
    shows: (s: Snap) => expect(s.context).toEqual({ user: null, currentUser: null }),
  },
  signedIn: {
    tags: ['signedIn'],
    enabled: ['session.logout', 'session.expired', 'session.signedIn'],
    shows: (s: Snap) => {
      expect(s.context.user).toEqual(sampleUser);
      // Whatever /users/me said is about the signed-in user.
      if (s.context.currentUser) expect(s.context.currentUser.id).toBe(s.context.user?.id);
    },
  },
  'signedIn.loadingUser': {
    tags: ['loadingUser'],
    runs: { loadCurrentUser: (input: unknown) => expect(input).toBeUndefined() },
  },
  'signedIn.ready': {
    enabled: ['session.refreshUser'],
    // The current user as /users/me gave it, or a regular user when it failed for another reason than 401.
    shows: (s: Snap) => {
      expect([me, null]).toContainEqual(s.context.currentUser);
      expect(isAdmin(s.context)).toBe(false);
    },
  },
});

describe('the user id', () => {
  it("is the stored id, even when the login answer's userId says otherwise, and userId may be absent", () => {
    localStorage.setItem(
      'influx-user-info',
      JSON.stringify({ accessToken: 't', id: 'user-1', userId: 'user-from-login' }),
    );
    expect(userIdOf(readUserInfo())).toBe('user-1');
    localStorage.setItem('influx-user-info', JSON.stringify({ accessToken: 't', id: 'user-2' }));
    const actor = createActor(sessionMachine, { input: { user: readUserInfo() } });
    expect(signedInUserId(actor.getSnapshot().context)).toBe('user-2');
    localStorage.setItem('influx-user-info', JSON.stringify({ accessToken: 't', userId: 'user-3' }));
    expect(readUserInfo()).toBeNull();
  });
});
