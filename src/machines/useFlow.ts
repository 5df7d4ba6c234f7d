import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorOptions, ActorRefFrom, AnyActorRef, AnyStateMachine, InputFrom } from 'xstate';
import { flowInspector } from './inspection';

/**
 * useActorRef for a named flow of a screen: React starts and stops it with the screen, and it reaches the
 * session, the toasts and the app by systemId (machines/system.ts). Where a flow inspector is installed (the
 * demo's QA tools) it is also registered, and may start from a restored snapshot.
 */
export function useFlow<T extends AnyStateMachine>(id: string, logic: T, options: ActorOptions<T> = {}) {
  const actor = useActorRef(logic, { ...options, id, ...flowOptions<T>(id, logic, options.input) } as never);
  useRegisterFlow(id, actor, logic);
  return actor;
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
