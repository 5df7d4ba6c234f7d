import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { getCurrentUser } from '../../../api/auth';
import type { CurrentUser, UserInfo } from '../../../api/schemas/auth';
import { clearUserScopedStorage, onStoredUserChange, userIdOf } from '../../../api/storage';
import { CURRENT_USER_RETRY_DELAYS_MS } from '../../constants';
import { lazyActor } from '../../lazyActor';
import { PATHS } from '../../paths';
import { askApp, SYSTEM_IDS } from '../../system';

export interface SessionContext {
  user: UserInfo | null;
  currentUser: CurrentUser | null;
  /** Failed GET /users/me calls in a row: each waits longer before the next. */
  userFailures: number;
}

export type SessionEvent =
  | { type: 'session.signedIn'; user: UserInfo }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.refreshUser' }
  /** Another tab changed the stored user info (null: it signed out). */
  | { type: 'session.storedUserChanged'; user: UserInfo | null };

/**
 * Signed in while stored user info has a token. The current user (isAdmin) comes from GET /users/me. When
 * that fails, 401 included (the spec exempts users/me from the 401 rule), the user stays signed in as a
 * regular user and the call is tried again a few times; only the general 401 rule (session.expired) signs
 * out.
 *
 * Tabs share the stored user info, so this one follows another tab's changes: a logout there signs out
 * here; a sign-in as somebody else (or a sign-in while this tab is signed out) reloads this tab as that
 * user, so nothing of the previous user's stays on screen or in memory; a new token of the same user is
 * simply taken over.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    /** The stored user info at start (read by the app, so the machine itself stays pure). */
    input: {} as { user: UserInfo | null },
  },
  actors: {
    loadCurrentUser: fromPromise<CurrentUser>(({ signal }) => getCurrentUser(signal)),
    watchStoredUser: fromCallback<SessionEvent>(({ sendBack }) =>
      onStoredUserChange((user) => sendBack({ type: 'session.storedUserChanged', user })),
    ),
    // Loaded after signing in: the sign-in page does not carry them.
    liveConnection: lazyActor(
      () => import('../liveConnection/liveConnection.machine').then((m) => m.liveConnectionMachine),
      'the live connection',
    ),
    instanceWatch: lazyActor(
      () => import('../instanceWatch/instanceWatch.machine').then((m) => m.instanceWatchMachine),
      'the instance watch',
    ),
    waitingCount: lazyActor(
      () => import('../waitingCount/waitingCount.machine').then((m) => m.waitingCountMachine),
      'the count of conversations waiting for a person',
    ),
  },
  guards: {
    hasStoredToken: ({ context }) => context.user !== null,
    storedUserGone: ({ event }) => event.type === 'session.storedUserChanged' && event.user === null,
    storedUserIsSomeoneElse: ({ context, event }) =>
      event.type === 'session.storedUserChanged' && userIdOf(event.user) !== userIdOf(context.user),
    mayRetryUser: ({ context }) => context.userFailures < CURRENT_USER_RETRY_DELAYS_MS.length,
  },
  delays: {
    userRetryDelay: ({ context }) =>
      CURRENT_USER_RETRY_DELAYS_MS[Math.max(0, context.userFailures - 1)] ?? CURRENT_USER_RETRY_DELAYS_MS[0],
  },
  actions: {
    forget: assign({ user: null, currentUser: null, userFailures: 0 }),
    countUserFailure: assign({ currentUser: null, userFailures: ({ context }) => context.userFailures + 1 }),
    clearStoredUser: () => clearUserScopedStorage(),
    goToLogin: askApp({ type: 'app.navigate', to: PATHS.login }),
    /** Start over as the user another tab signed in. */
    reloadPage: askApp({ type: 'app.reload' }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.user, currentUser: null, userFailures: 0 }),
  initial: 'starting',
  invoke: { id: 'watchStoredUser', src: 'watchStoredUser' },
  states: {
    starting: {
      always: [{ guard: 'hasStoredToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.user, userFailures: 0 }),
        },
        'session.storedUserChanged': { guard: 'storedUserIsSomeoneElse', actions: 'reloadPage' },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      invoke: [
        // The one live connection of the tab: the screens and the instance watch listen to it.
        { id: SYSTEM_IDS.live, systemId: SYSTEM_IDS.live, src: 'liveConnection' },
        // The user's WhatsApp numbers, watched wherever the user is (a toast when one goes offline).
        { id: SYSTEM_IDS.instanceWatch, systemId: SYSTEM_IDS.instanceWatch, src: 'instanceWatch' },
        // How many conversations wait for a person: the sidebar and the title show it on every screen.
        { id: SYSTEM_IDS.waitingCount, systemId: SYSTEM_IDS.waitingCount, src: 'waitingCount' },
      ],
      initial: 'loadingUser',
      states: {
        loadingUser: {
          tags: ['loadingUser'],
          invoke: {
            id: 'loadCurrentUser',
            src: 'loadCurrentUser',
            onDone: {
              target: 'ready',
              actions: assign({ currentUser: ({ event }) => event.output, userFailures: 0 }),
            },
            onError: [
              { guard: 'mayRetryUser', target: 'retryingUser', actions: 'countUserFailure' },
              { target: 'ready', actions: 'countUserFailure' },
            ],
          },
        },
        /** GET /users/me failed: a regular user until a later call says otherwise. */
        retryingUser: {
          // Still not known whether the user is an admin: admin-only pages wait rather than say "not found".
          tags: ['loadingUser', 'retryingUser'],
          after: { userRetryDelay: 'loadingUser' },
          on: { 'session.refreshUser': 'loadingUser' },
        },
        ready: {
          // A fresh question: it gets its own retries.
          on: { 'session.refreshUser': { target: 'loadingUser', actions: assign({ userFailures: 0 }) } },
        },
      },
      on: {
        'session.logout': { target: 'signedOut', actions: ['clearStoredUser', 'forget', 'goToLogin'] },
        // The API client has already cleared the stored info and sent the user to /login?redirect=...
        'session.expired': { target: 'signedOut', actions: 'forget' },
        // Signed out in another tab, which has already cleared the stored data: the routes go to /login.
        'session.storedUserChanged': [
          { guard: 'storedUserGone', target: 'signedOut', actions: 'forget' },
          { guard: 'storedUserIsSomeoneElse', actions: 'reloadPage' },
          // The same user with a new token: calls already read the token from storage.
          { actions: assign({ user: ({ event }) => event.user }) },
        ],
        'session.signedIn': {
          target: '.loadingUser',
          actions: assign({ user: ({ event }) => event.user, currentUser: null, userFailures: 0 }),
        },
      },
    },
  },
});

export const isAdmin = (context: SessionContext) => context.currentUser?.isAdmin === true;

/** The signed-in user's id for calls that name the user (the stored `id`). */
export const signedInUserId = (context: SessionContext) => userIdOf(context.user);
