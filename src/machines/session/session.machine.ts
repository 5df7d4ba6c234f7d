import { assign, fromPromise, setup } from 'xstate';
import { getCurrentUser } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { type CurrentUser, type UserInfo, userIdOf } from '../../api/schemas/auth';
import { clearUserInfo } from '../../api/storage';

export interface SessionContext {
  user: UserInfo | null;
  currentUser: CurrentUser | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; user: UserInfo }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.refreshUser' };

/**
 * Signed in while stored user info has a token. The current user (isAdmin) comes from GET /users/me;
 * if that fails for another reason than 401 the session goes on as a regular user.
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
  },
  guards: {
    hasStoredToken: ({ context }) => context.user !== null,
    isUnauthorized: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return isApiError(error) && error.status === 401;
    },
  },
  actions: {
    forget: assign({ user: null, currentUser: null }),
    clearStoredUser: () => clearUserInfo(),
    /** Injected by the app: go to /login after logout. */
    goToLogin: () => {},
    /** Injected by the app: the session ran out; go to /login and come back here after signing in. */
    returnAfterLogin: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.user, currentUser: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasStoredToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        'session.signedIn': { target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'loadingUser',
      states: {
        loadingUser: {
          tags: ['loadingUser'],
          invoke: {
            id: 'loadCurrentUser',
            src: 'loadCurrentUser',
            onDone: { target: 'ready', actions: assign({ currentUser: ({ event }) => event.output }) },
            onError: [
              {
                guard: 'isUnauthorized',
                target: '#session.signedOut',
                actions: ['clearStoredUser', 'forget', 'returnAfterLogin'],
              },
              { target: 'ready', actions: assign({ currentUser: null }) },
            ],
          },
        },
        ready: {
          on: { 'session.refreshUser': 'loadingUser' },
        },
      },
      on: {
        'session.logout': { target: 'signedOut', actions: ['clearStoredUser', 'forget', 'goToLogin'] },
        // The API client has already cleared the stored info and sent the user to /login?redirect=...
        'session.expired': { target: 'signedOut', actions: 'forget' },
        'session.signedIn': { target: '.loadingUser', actions: assign({ user: ({ event }) => event.user }) },
      },
    },
  },
});

export const isAdmin = (context: SessionContext) => context.currentUser?.isAdmin === true;

/** The signed-in user's id for calls that name the user (the stored `id`). */
export const signedInUserId = (context: SessionContext) => userIdOf(context.user);
