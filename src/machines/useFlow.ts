import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  type ActorOptions,
  type ActorRefFrom,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { type FlowInspector, flowInspector } from './inspection';

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

/**
 * What the QA tools add to a flow's options: its own restored snapshot, or, for a machine running flows as
 * children, its initial snapshot with the restored ones of those children.
 */
export function flowOptions<T extends AnyStateMachine>(
  id: string,
  logic?: T,
  input?: InputFrom<T>,
): Partial<ActorOptions<T>> {
  const qa = flowInspector();
  if (!qa) return {};
  const restored = qa.pendingRestore(id) ?? (logic && withRestoredChildren(qa, logic, input));
  return {
    ...(restored ? { snapshot: restored as SnapshotFrom<T> } : {}),
    inspect: qa.inspector(),
  };
}

interface PersistedChildren {
  children?: Record<string, { snapshot: unknown }>;
}

function withRestoredChildren(qa: FlowInspector, logic: AnyStateMachine, input: unknown) {
  if (!qa.restoring()) return undefined;
  const initial = createActor(logic, { input } as never).getPersistedSnapshot() as PersistedChildren;
  return restoreChildren(qa, initial) ? (initial as SnapshotFrom<AnyStateMachine>) : undefined;
}

/**
 * Puts the restored snapshots waiting for a persisted snapshot's children into it, at any depth (a screen's
 * flow may run flows of its own, as billing runs its resources). Whether any was put in.
 */
function restoreChildren(qa: FlowInspector, persisted: PersistedChildren): boolean {
  let any = false;
  for (const [childId, child] of Object.entries(persisted.children ?? {})) {
    const restored = qa.pendingRestore(childId);
    if (restored) child.snapshot = restored;
    else if (!restoreChildren(qa, (child.snapshot ?? {}) as PersistedChildren)) continue;
    any = true;
  }
  return any;
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
