import { setup } from 'xstate';
import type { UserInfo } from '../../api/schemas/auth';
import { type AppRequest, SYSTEM_IDS } from '../system';
import { sessionMachine } from './session/session.machine';
import { toastsMachine } from './toasts/toasts.machine';

/**
 * The root of the app's actor system. It owns the session and the toast queue, both addressed by systemId,
 * and carries out what flows ask of the app (AppRequest). A screen's flow is a root of its own, started and
 * stopped by React with its screen (useFlow); it finds the session, the toasts and the app through the link
 * the app's provider makes (linkAppSystem in ../system.ts). A screen's panels run as children of its flow.
 */
export const appMachine = setup({
  types: {
    context: {} as { user: UserInfo | null },
    /** The stored user info at start (read by the app, so the machines stay pure). */
    input: {} as { user: UserInfo | null },
    events: {} as AppRequest,
  },
  actors: { session: sessionMachine, toasts: toastsMachine },
  actions: {
    // Injected by the app, once: what only the browser can do.
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    open: (_, _params: { url: string }) => {},
    reload: () => {},
    print: () => {},
    updateQuery: (_, _params: { set: Record<string, string | null> }) => {},
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ user: input.user }),
  invoke: [
    { id: SYSTEM_IDS.toasts, systemId: SYSTEM_IDS.toasts, src: 'toasts' },
    {
      id: SYSTEM_IDS.session,
      systemId: SYSTEM_IDS.session,
      src: 'session',
      input: ({ context }) => ({ user: context.user }),
    },
  ],
  on: {
    'app.navigate': {
      actions: {
        type: 'navigate',
        params: ({ event }) => ({ to: event.to, replace: event.replace ?? false }),
      },
    },
    'app.open': { actions: { type: 'open', params: ({ event }) => ({ url: event.url }) } },
    'app.reload': { actions: 'reload' },
    'app.print': { actions: 'print' },
    'app.updateQuery': { actions: { type: 'updateQuery', params: ({ event }) => ({ set: event.set }) } },
  },
});
