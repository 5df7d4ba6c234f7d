import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorOptions, AnyActorRef, AnyStateMachine, SnapshotFrom } from 'xstate';
import { flowInspector } from './inspection';

/**
 * useActorRef for a named flow: the same actor, plus (where a flow inspector is installed: the demo's QA tools)
 * registration, a transition timeline, and starting from a snapshot the QA tools restore.
 */
export function useFlow<T extends AnyStateMachine>(id: string, logic: T, options: ActorOptions<T> = {}) {
  const actor = useActorRef(logic, { ...options, ...flowOptions<T>(id) } as never);
  useRegisterFlow(id, actor, logic);
  return actor;
}

/** The actor options useFlow adds, for actors created elsewhere (createActorContext providers). */
export function flowOptions<T extends AnyStateMachine>(id: string): Partial<ActorOptions<T>> {
  const qa = flowInspector();
  const restored = qa?.pendingRestore(id);
  return {
    ...(restored ? { snapshot: restored as SnapshotFrom<T> } : {}),
    ...(qa ? { inspect: qa.inspector(id) } : {}),
  };
}

/** Registers a flow's live actor with the QA tools (and marks a restored snapshot as used). */
export function useRegisterFlow(id: string, actor: AnyActorRef, logic: AnyStateMachine) {
  useEffect(() => {
    const qa = flowInspector();
    const restored = qa?.pendingRestore(id);
    if (restored) qa?.restored(id, restored);
    return qa?.register(id, actor, logic);
  }, [id, actor, logic]);
}

/** Like useMachine: [snapshot, send, actor] for a named flow. */
export function useFlowMachine<T extends AnyStateMachine>(
  id: string,
  logic: T,
  options: ActorOptions<T> = {},
) {
  const actor = useFlow(id, logic, options);
  const snapshot = useSelector(actor, (s) => s);
  return [snapshot, actor.send, actor] as const;
}
