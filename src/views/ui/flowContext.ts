import { useSelector } from '@xstate/react';
import { createContext, use } from 'react';
import type { ActorRefFrom, AnyStateMachine, SnapshotFrom } from 'xstate';

/**
 * How a screen shares its flow (made with useFlow) with the parts below it: the screen provides the actor,
 * a part reads a narrow slice of its snapshot or sends it events.
 */
export function createFlowContext<T extends AnyStateMachine>(screen: string) {
  const Context = createContext<ActorRefFrom<T> | null>(null);
  // biome-ignore lint/correctness/noComponentHookFactories: each screen's context is made once, at module load
  function useActorRef(): ActorRefFrom<T> {
    const actor = use(Context);
    if (!actor) throw new Error(`Used outside the ${screen} screen`);
    return actor;
  }
  return {
    Provider: Context.Provider,
    useActorRef,
    useSelector: <S>(selector: (snapshot: SnapshotFrom<T>) => S, compare?: (a: S, b: S) => boolean) =>
      useSelector(useActorRef(), selector as (snapshot: unknown) => S, compare),
  };
}
