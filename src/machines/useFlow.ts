import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import {
  type Actor,
  type ActorOptions,
  type ActorRefFrom,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type InputFrom,
} from 'xstate';
import { flowInspector } from './inspection';
import type { FlowStarted, FlowStopped } from './root/app.machine';

/**
 * The root app actor (app/providers.tsx provides it), parent of every screen's flow. It runs in the browser;
 * on the server (the prerendered sign-in page) it is not started, and nothing runs.
 */
export interface AppContextValue {
  app: AnyActorRef;
  running: boolean;
  /**
   * Flows started by a render that React has not committed yet, with their input. React throws away a
   * render that suspends (a lazy part below the screen) and renders the screen afresh, without the state of
   * the first: that render takes the flow the first one started, rather than start it again (its first calls
   * twice).
   */
  uncommitted: WeakMap<AnyActorRef, string>;
}

export const AppActorContext = createContext<AppContextValue | null>(null);

export function useAppActor(): AnyActorRef {
  return useAppContext().app;
}

function useAppContext() {
  const context = useContext(AppActorContext);
  if (!context) throw new Error('No app actor: render inside AppState');
  return context;
}

/**
 * Runs `stop` when the component goes for good: React may unmount and mount it again in one commit
 * (StrictMode's check), so the stop waits a microtask, and a mount meanwhile keeps what it would stop.
 */
export function useStopWhenGone(stop: () => void): void {
  const latest = useRef(stop);
  useEffect(() => {
    latest.current = stop;
  });
  const [hold] = useState(() => ({ stopping: false }));
  useEffect(() => {
    hold.stopping = false;
    return () => {
      hold.stopping = true;
      queueMicrotask(() => {
        if (hold.stopping) latest.current();
      });
    };
  }, [hold]);
}

/**
 * A named flow of a screen, started and stopped with the screen, as a child of the root app actor: in the
 * app's system it reaches the session, the toasts and the app by systemId, and stopping the app stops it.
 * Where a flow inspector is installed (the demo's QA tools) it is also registered, and may start from a
 * restored snapshot. On the server (the prerendered sign-in page) nothing runs: the flow is rendered as it
 * starts.
 */
export function useFlow<T extends AnyStateMachine>(
  id: string,
  logic: T,
  options: Pick<ActorOptions<T>, 'input'> = {},
): Actor<T> {
  const context = useAppContext();
  const { app, running, uncommitted } = context;
  // Kept across React's second render of a mount (StrictMode), so a screen starts one flow, once.
  const [hold] = useState<{ actor: AnyActorRef | null }>(() => ({ actor: null }));
  if (!hold.actor) hold.actor = start(running ? context : null, id, logic, options.input);
  const actor = hold.actor;
  useEffect(() => {
    uncommitted.delete(actor);
  }, [uncommitted, actor]);
  useStopWhenGone(() => {
    // A stopped app has stopped its flows already.
    if (running && app.getSnapshot().status === 'active')
      app.send({ type: 'flow.stop', actor } satisfies FlowStopped);
  });
  useRegisterFlow(id, actor, logic);
  return actor as Actor<T>;
}

/**
 * Starts a screen's flow as the app's child, replacing one of the same id that a screen on its way out still
 * holds; or takes the one a thrown-away render started with the same input.
 */
function start<T extends AnyStateMachine>(
  context: AppContextValue | null,
  id: string,
  logic: T,
  input: unknown,
): AnyActorRef {
  // On the server: an actor never started, rendered in its first state.
  if (!context) return createActor(logic, { id, input } as never);
  const { app, uncommitted } = context;
  const key = JSON.stringify(input ?? null);
  const running = (app.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
  if (running && uncommitted.get(running) === key) return running;
  const from = flowInspector()?.startingLogic(id, logic, input) ?? logic;
  app.send({ type: 'flow.start', id, logic: from, input } satisfies FlowStarted);
  const started = app.getSnapshot().children[id] as AnyActorRef;
  uncommitted.set(started, key);
  return started;
}

/**
 * A flow a screen machine runs as its child (invoked under the flow's id): found through the screen's actor,
 * and registered with the QA tools like any flow.
 */
export function useChildFlow<T extends AnyStateMachine>(
  parent: AnyActorRef,
  id: string,
  logic: T,
): ActorRefFrom<T> {
  const child = useSelector(parent, (s) => s.children[id]) as ActorRefFrom<T> | undefined;
  if (!child) throw new Error(`The screen runs no flow "${id}"`);
  useRegisterFlow(id, child, logic);
  return child;
}

/** What the QA tools (when installed) add to a flow's options: a snapshot to start from, and the inspector. */
export function flowOptions<T extends AnyStateMachine>(
  id: string,
  logic: T,
  input?: InputFrom<T>,
): Partial<ActorOptions<T>> {
  return (flowInspector()?.startOptions(id, logic, input) ?? {}) as Partial<ActorOptions<T>>;
}

/** Registers a flow's live actor with the QA tools, when installed. */
export function useRegisterFlow(id: string, actor: AnyActorRef, logic: AnyStateMachine) {
  useEffect(() => flowInspector()?.register(id, actor, logic), [id, actor, logic]);
}
