import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { startInAppSystem } from '../../../../tests/appSystem';
import { installMemoryStorage } from '../../../../tests/memoryStorage';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { CurrentUser } from '../../../api/schemas/auth';
import { readUserInfo, userIdOf, writeUserInfo } from '../../../api/storage';
import { sampleUser } from '../../../demo/qa/flowModels/login.flowModel';
import { sessionModel } from '../../../demo/qa/flowModels/session.flowModel';
import { testThreadName } from '../../botSettings/testChat/testChat.machine';
import { CURRENT_USER_RETRY_DELAYS_MS } from '../../constants';
import { lazyActor } from '../../lazyActor';
import { inertActors } from '../../model';
import { instanceWatchMachine } from '../instanceWatch/instanceWatch.machine';
import { liveConnectionMachine } from '../liveConnection/liveConnection.machine';
import { waitingCountMachine } from '../waitingCount/waitingCount.machine';
import { isAdmin, sessionMachine, signedInUserId } from './session.machine';

installMemoryStorage();
const info = { accessToken: 't', id: 'u1', userId: 'u1' };
const admin: CurrentUser = { id: 'u1', email: 'admin@demo.test', isAdmin: true };
const settle = () => new Promise((r) => setTimeout(r, 0));
/** The instance watch and the live connection without their calls: these tests are about the session. */
const quietWatch = lazyActor(
  async () => instanceWatchMachine.provide({ actors: inertActors(instanceWatchMachine) }),
  'the instance watch',
);
const quietLive = lazyActor(
  async () => liveConnectionMachine.provide({ actors: inertActors(liveConnectionMachine) }),
  'the live connection',
);
const quietCount = lazyActor(
  async () => waitingCountMachine.provide({ actors: inertActors(waitingCountMachine) }),
  'the waiting count',
);
const unauthorized = new ApiError({ kind: 'http', status: 401, endpoint: 'GET /users/me', message: 'x' });

function start(loadCurrentUser: () => Promise<CurrentUser> = async () => admin) {
  const goToLogin = vi.fn();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadCurrentUser: fromPromise(loadCurrentUser),
        instanceWatch: quietWatch,
        liveConnection: quietLive,
        waitingCount: quietCount,
      },
      actions: { goToLogin },
    }),
    { input: { user: readUserInfo() } },
  ).start();
  return { actor, goToLogin };
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

  it.each([
    ['a network failure', new ApiError({ kind: 'network', endpoint: 'GET /users/me', message: 'x' })],
    ['401 (users/me is exempt from the 401 rule)', unauthorized],
  ])('stays signed in as a regular user after %s, and asks again later', async (_, error) => {
    writeUserInfo(info);
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const answers = [error, error, admin];
    let calls = 0;
    const { actor, goToLogin } = start(async () => {
      const answer = answers[calls++];
      if (answer instanceof Error) throw answer;
      return answer as CurrentUser;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actor.getSnapshot().hasTag('retryingUser')).toBe(true);
    expect(isAdmin(actor.getSnapshot().context)).toBe(false);
    expect(readUserInfo()).toEqual(info);
    await vi.advanceTimersByTimeAsync(CURRENT_USER_RETRY_DELAYS_MS[0] - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(CURRENT_USER_RETRY_DELAYS_MS[1]);
    expect(calls).toBe(3);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(isAdmin(actor.getSnapshot().context)).toBe(true);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('gives up asking after the last retry and goes on as a regular user', async () => {
    writeUserInfo(info);
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let calls = 0;
    const { actor } = start(() => {
      calls++;
      return Promise.reject(unauthorized);
    });
    await vi.advanceTimersByTimeAsync(CURRENT_USER_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(calls).toBe(CURRENT_USER_RETRY_DELAYS_MS.length + 1);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(isAdmin(actor.getSnapshot().context)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(CURRENT_USER_RETRY_DELAYS_MS.length + 1);
    expect(readUserInfo()).toEqual(info);
  });

  it("logout clears the user's keys, keeps the device's preferences, and goes to login", async () => {
    writeUserInfo(info);
    const kept = {
      'influx-language': 'zh-TW',
      'influx-sidebar-collapsed': 'true',
      theme: 'dark',
      'influx-demo-db': '{}',
      'another-app': 'x',
    };
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
    localStorage.setItem('influx-checkout-session-u1', 'cs_1');
    localStorage.setItem(`influx-${testThreadName('bot-1')}`, '[]');
    const { actor, goToLogin } = start();
    await settle();
    actor.send({ type: 'session.logout' });
    expect(readUserInfo()).toBeNull();
    const left = Array.from({ length: localStorage.length }, (_, n) => localStorage.key(n) ?? '');
    expect(Object.fromEntries(left.map((k) => [k, localStorage.getItem(k)]))).toEqual(kept);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  describe('another tab', () => {
    function startWatched(user: typeof info | null) {
      const reloadPage = vi.fn();
      if (user) writeUserInfo(user);
      else localStorage.clear();
      const actor = createActor(
        sessionMachine.provide({
          actors: {
            loadCurrentUser: fromPromise(async () => admin),
            instanceWatch: quietWatch,
            liveConnection: quietLive,
            waitingCount: quietCount,
          },
          actions: { reloadPage },
        }),
        { input: { user: readUserInfo() } },
      ).start();
      onTestFinished(() => {
        actor.stop();
      });
      return { actor, reloadPage };
    }
    const changed = (user: typeof info | null) => ({ type: 'session.storedUserChanged' as const, user });

    it('signing out there signs out here (the routes then go to login)', async () => {
      const { actor, reloadPage } = startWatched(info);
      await settle();
      actor.send(changed(null));
      expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(reloadPage).not.toHaveBeenCalled();
    });

    it('signing in there as somebody else reloads this tab as that user', async () => {
      const { actor, reloadPage } = startWatched(info);
      await settle();
      actor.send(changed({ accessToken: 't2', id: 'u2', userId: 'u2' }));
      expect(reloadPage).toHaveBeenCalledTimes(1);
      // Nothing of the new user is mixed into this tab's state before the reload.
      expect(actor.getSnapshot().context.user).toEqual(info);
    });

    it('a new token of the same user is taken over quietly', async () => {
      const { actor, reloadPage } = startWatched(info);
      await settle();
      actor.send(changed({ ...info, accessToken: 't2' }));
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.user?.accessToken).toBe('t2');
      expect(reloadPage).not.toHaveBeenCalled();
    });

    it('signing in there while this tab is signed out reloads it; a sign-out there changes nothing', () => {
      const { actor, reloadPage } = startWatched(null);
      actor.send(changed(null));
      expect(reloadPage).not.toHaveBeenCalled();
      actor.send(changed(info));
      expect(reloadPage).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    });

    it('hears the storage events of the user info key (and a cleared storage), not of other keys', () => {
      const target = new EventTarget();
      vi.stubGlobal('window', target);
      onTestFinished(() => {
        vi.unstubAllGlobals();
      });
      const { actor, reloadPage } = startWatched(info);
      const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key });
      writeUserInfo({ accessToken: 't2', id: 'u2' });
      target.dispatchEvent(storageEvent('influx-language'));
      expect(reloadPage).not.toHaveBeenCalled();
      target.dispatchEvent(storageEvent('influx-user-info'));
      expect(reloadPage).toHaveBeenCalledTimes(1);
      localStorage.clear();
      target.dispatchEvent(storageEvent(null));
      expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
      actor.stop();
      writeUserInfo({ accessToken: 't3', id: 'u3' });
      target.dispatchEvent(storageEvent('influx-user-info'));
      expect(reloadPage).toHaveBeenCalledTimes(1);
    });
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

describe('what the session asks of the app', () => {
  /** Signed in, in a stand-in app that records what the session asks of it. */
  async function startSignedIn() {
    writeUserInfo(info);
    const started = startInAppSystem(
      sessionMachine.provide({
        actors: {
          loadCurrentUser: fromPromise(async () => admin),
          instanceWatch: quietWatch,
          liveConnection: quietLive,
          waitingCount: quietCount,
        },
      }),
      { input: { user: readUserInfo() } },
    );
    await settle();
    return started;
  }

  it('to go to /login after a logout', async () => {
    const { actor, received } = await startSignedIn();
    expect(received.app).toEqual([]);
    actor.send({ type: 'session.logout' });
    expect(received.app).toEqual([{ type: 'app.navigate', to: '/login' }]);
  });

  it('to reload the page when another tab signs in as somebody else', async () => {
    const { actor, received } = await startSignedIn();
    actor.send({ type: 'session.storedUserChanged', user: { ...info, accessToken: 't2' } });
    expect(received.app).toEqual([]);
    actor.send({ type: 'session.storedUserChanged', user: { accessToken: 'x', id: 'u2', userId: 'u2' } });
    expect(received.app).toEqual([{ type: 'app.reload' }]);
  });
});

describeStateViews(sessionModel, {
  // Another tab's changes to the stored user are followed whatever the state.
  '*': { runs: { watchStoredUser: () => {} } },
  // Never at rest: the stored token decides at once.
  starting: {},
  signedOut: {
    tags: ['signedOut'],
    // A sign-in in another tab (it reloads this one).
    enabled: ['session.signedIn', 'session.storedUserChanged'],
    // Nothing of a previous user is kept once signed out.
    shows: (s: Snap) => expect(s.context).toEqual({ user: null, currentUser: null, userFailures: 0 }),
  },
  signedIn: {
    tags: ['signedIn'],
    enabled: ['session.logout', 'session.expired', 'session.signedIn', 'session.storedUserChanged'],
    // The user's numbers are watched, the conversations waiting for a person counted, and the tab's one live
    // connection held, while signed in and only then.
    runs: {
      instanceWatch: (child: { status: string }) => expect(child.status).toBe('active'),
      liveConnection: (child: { status: string }) => expect(child.status).toBe('active'),
      waitingCount: (child: { status: string }) => expect(child.status).toBe('active'),
    },
    shows: (s: Snap) => {
      // The same user throughout; another tab may have given it a newer token.
      expect(s.context.user?.id).toBe(sampleUser.id);
      expect(s.context.user?.accessToken).toMatch(/^(demo|newer)-owner-token$/);
      // Whatever /users/me said is about the signed-in user.
      if (s.context.currentUser) expect(s.context.currentUser.id).toBe(s.context.user?.id);
    },
  },
  'signedIn.loadingUser': {
    tags: ['loadingUser'],
    runs: { loadCurrentUser: (input: unknown) => expect(input).toBeUndefined() },
  },
  'signedIn.retryingUser': {
    tags: ['loadingUser', 'retryingUser'],
    enabled: ['session.refreshUser'],
    // Not known yet: a regular user, after as many failures as retries so far.
    shows: (s: Snap) => {
      expect(s.context.currentUser).toBeNull();
      expect(s.context.userFailures).toBeGreaterThan(0);
      expect(s.context.userFailures).toBeLessThanOrEqual(CURRENT_USER_RETRY_DELAYS_MS.length);
    },
  },
  'signedIn.ready': {
    enabled: ['session.refreshUser'],
    // The current user as /users/me gave it (no failure counted), or a regular user once the retries ran out.
    shows: (s: Snap) => {
      if (s.context.currentUser) {
        expect(s.context.currentUser).toEqual(me);
        expect(s.context.userFailures).toBe(0);
      } else expect(s.context.userFailures).toBe(CURRENT_USER_RETRY_DELAYS_MS.length + 1);
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
