import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/**
 * The actor a lazyActor stand-in runs once its code has loaded (machines/lazyActor.ts): undefined before, or
 * without a stand-in.
 */
export function useLoadedActor<T extends AnyActorRef>(standIn: AnyActorRef | undefined): T | undefined {
  return useSelector(standIn, (s) => (s?.context as { loaded?: T | null } | undefined)?.loaded ?? undefined);
}
