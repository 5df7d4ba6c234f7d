import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { ResourceMachine } from '../../machines/resource/resource.machine';
import { useChildFlow } from '../../machines/useFlow';

export type ResourceStatus = 'loading' | 'ready' | 'empty' | 'failed';

/** A resource's last answer, its error and its status. */
export function useResourceState<TData, TParams>(actor: ActorRefFrom<ResourceMachine<TData, TParams>>) {
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const status = useSelector(
    actor,
    (s): ResourceStatus =>
      s.hasTag('failed') ? 'failed' : s.hasTag('loading') ? 'loading' : s.hasTag('empty') ? 'empty' : 'ready',
  );
  return { data, error, status };
}

/**
 * A resource a screen's machine runs as its child (under the resource's id): its state, and the actor to send
 * `resource.retry` or `resource.reload` to.
 */
export function useResource<TData, TParams>(screen: AnyActorRef, machine: ResourceMachine<TData, TParams>) {
  const actor = useChildFlow(screen, machine.id, machine);
  return { actor, ...useResourceState(actor) };
}
