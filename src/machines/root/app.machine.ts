import { type AnyActorLogic, type AnyActorRef, enqueueActions, setup } from 'xstate';
import type { UserInfo } from '../../api/schemas/auth';
import { type AppRequest, SYSTEM_IDS } from '../system';
import { sessionMachine } from './session/session.machine';
import { toastsMachine } from './toasts/toasts.machine';

/**
 * A screen's flow starts with its screen (useFlow): the app runs it as its child. A screen mounted in place of
 * another with the same flow (a new address) replaces the one that goes.
 */
export type FlowStarted = { type: 'flow.start'; id: string; logic: AnyActorLogic; input?: unknown };
/** A screen's flow leaves with its screen (only its parent may stop it): unless another has replaced it. */
export type FlowStopped = { type: 'flow.stop'; actor: AnyActorRef };

/**
 * The root of the app's actor system. It owns the session and the toast queue, both addressed by systemId,
 * and carries out what flows ask of the app (AppRequest). The screens' flows are its children, started and
 * stopped with their screens (useFlow): each reaches the session, the toasts and the app by systemId, and
 * stopping the app stops them all. A screen's panels run as children of its flow. A flow that fails fails
 * its screen (its error boundary shows it); the app, the session and the other screens go on.
 */
export const appMachine = setup({
  types: {
    context: {} as { user: UserInfo | null },
    /** The stored user info at start (read by the app, so the machines stay pure). */
    input: {} as { user: UserInfo | null },
    events: {} as AppRequest | FlowStarted | FlowStopped,
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
    'flow.start': {
      actions: enqueueActions(({ self, event, enqueue }) => {
        const going = self.getSnapshot().children[event.id];
        if (going) enqueue.stopChild(going);
        enqueue.spawnChild(event.logic as never, { id: event.id, input: event.input as never });
      }),
    },
    'flow.stop': {
      actions: enqueueActions(({ self, event, enqueue }) => {
        if (self.getSnapshot().children[event.actor.id] === event.actor) enqueue.stopChild(event.actor);
      }),
    },
    // Handled, so a screen's failing flow does not fail the app with it.
    'xstate.error.actor.*': {},
  },
});
