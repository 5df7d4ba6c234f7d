import {
  type EventObject,
  enqueueActions,
  fromCallback,
  type MachineContext,
  type ParameterizedObject,
} from 'xstate';
import type { ToastInput } from './root/toasts/toasts.machine';

/** The long-lived actors of the app's system, by systemId: any flow running in the app may address them. */
export const SYSTEM_IDS = {
  app: 'app',
  session: 'session',
  toasts: 'toasts',
  instanceWatch: 'instanceWatch',
  /** The one live connection (GET /events/stream) of the signed-in session. */
  live: 'liveConnection',
  /** How many conversations wait for a person (beyond the spec). */
  waitingCount: 'waitingCount',
} as const;

/** What a flow asks of the app that only the app can do: change the page, leave for another site, reload, print. */
export type AppRequest =
  /** An in-app path. */
  | { type: 'app.navigate'; to: string; replace?: boolean }
  /** An address already checked by the flow (http or https): the app's own pages open in place. */
  | { type: 'app.open'; url: string }
  | { type: 'app.reload' }
  /** The browser's print dialog for the page. */
  | { type: 'app.print' }
  /** Query parameters to set (null removes one), without a new history entry or a page change. */
  | { type: 'app.updateQuery'; set: Record<string, string | null> };

type Make<TContext, TEvent, TParams, TOut> =
  | TOut
  | ((args: { context: TContext; event: TEvent }, params: TParams) => TOut);

/**
 * An action that sends an event to an actor of the app's system by its systemId. A flow running alone (a
 * replay of its model, in the tests or the QA tools) has no such actor: then nothing is sent.
 */
export function sendToSystem<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined = undefined,
>(systemId: string, event: Make<TContext, TEvent, TParams, EventObject>) {
  // biome-ignore lint/suspicious/noExplicitAny: the action fits any machine's actors, actions, guards and delays
  return enqueueActions<TContext, TEvent, TParams, TEvent, any, any, any, never, any>(
    ({ system, enqueue, context, event: current }, params) => {
      const target = system.get(systemId);
      if (!target) return;
      enqueue.sendTo(
        target,
        typeof event === 'function' ? event({ context, event: current }, params) : event,
      );
    },
  );
}

/** An action asking the app to do something (the root app actor carries it out). */
export const askApp = <
  TContext extends MachineContext,
  TEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined = undefined,
>(
  request: Make<TContext, TEvent, TParams, AppRequest>,
) => sendToSystem<TContext, TEvent, TParams>(SYSTEM_IDS.app, request);

/** An action raising a toast in the app's queue. */
export const raiseToast = <
  TContext extends MachineContext,
  TEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined = undefined,
>(
  toast: Make<TContext, TEvent, TParams, ToastInput>,
) =>
  sendToSystem<TContext, TEvent, TParams>(SYSTEM_IDS.toasts, (args, params) => ({
    type: 'toast.add',
    toast: typeof toast === 'function' ? toast(args, params) : toast,
  }));

/**
 * An action telling the machine that runs this flow as its child (a screen's machine) something: one event, or
 * several in order. A flow running alone (a replay of its model, a test of it alone) has no such parent: then nothing is
 * sent. XState's sendParent throws without a parent and offers no public way to ask for one, so this is the one
 * place a flow reads `_parent`.
 */
export function tellParent<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined = undefined,
>(event: Make<TContext, TEvent, TParams, EventObject | readonly EventObject[]>) {
  // It spawns, checks, raises and emits nothing: `never` fits every machine's actors, actions, guards, delays
  // and emitted events (`any` would not fit a machine with none of them).
  return enqueueActions<TContext, TEvent, TParams, TEvent, never, never, never, never, never>(
    ({ self, enqueue, context, event: current }, params) => {
      if (!self._parent) return;
      const told = typeof event === 'function' ? event({ context, event: current }, params) : event;
      for (const one of Array.isArray(told) ? told : [told]) enqueue.sendParent(one);
    },
  );
}

/**
 * An actor that passes on to its parent the events a long-lived actor of the app's system emits (e.g. the
 * instance watch's `instances.changed`), for as long as the parent's state runs it. Without that actor (a
 * flow alone, a replay of its model) it passes on nothing.
 */
export const listenToSystem = (systemId: string, eventType: string) =>
  fromCallback<EventObject>(({ system, sendBack }) => {
    const source = system.get(systemId);
    const subscription = source?.on(eventType, (event: EventObject) => sendBack(event));
    return () => subscription?.unsubscribe();
  });
