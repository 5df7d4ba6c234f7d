import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorOptions, AnyStateMachine, SnapshotFrom } from 'xstate';
import { qa } from '../qa/hooks';

/**
 * useActorRef for a named flow: the same actor, plus (in demo and development builds) registration with the
 * QA tools, a transition timeline, and starting from a snapshot the QA tools restore.
 */
export function useFlow<T extends AnyStateMachine>(id: string, logic: T, options: ActorOptions<T> = {}) {
  const restored = qa?.pendingRestore(id);
  const actor = useActorRef(logic, {
    ...options,
    ...(restored ? { snapshot: restored as SnapshotFrom<T> } : {}),
    ...(qa ? { inspect: qa.inspector(id) } : {}),
  } as never);
  useEffect(() => {
    if (restored) qa?.restored(id, restored);
    return qa?.register(id, actor, logic);
  }, [id, actor, logic, restored]);
  return actor;
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
