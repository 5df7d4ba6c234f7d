import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { ResourceMachine } from '../../machines/resource/resource.machine';
import { useChildFlow } from '../../machines/useFlow';

export type ResourceStatus = 'loading' | 'ready' | 'empty' | 'failed';

/**
 * A resource a screen's machine runs as its child (under the resource's id): its last answer, its error, its
 * status, and the actor to send `resource.retry` or `resource.reload` to.
 */
export function useResource<TData, TParams>(screen: AnyActorRef, machine: ResourceMachine<TData, TParams>) {
  const actor = useChildFlow(screen, machine.id, machine);
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const status = useSelector(
    actor,
    (s): ResourceStatus =>
      s.hasTag('failed') ? 'failed' : s.hasTag('loading') ? 'loading' : s.hasTag('empty') ? 'empty' : 'ready',
  );
  return { actor, data, error, status };
}
