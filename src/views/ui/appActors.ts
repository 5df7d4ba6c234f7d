import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/root/session/session.machine';
import type { toastsMachine } from '../../machines/root/toasts/toasts.machine';
import type { waitingCountMachine } from '../../machines/root/waitingCount/waitingCount.machine';
import { SYSTEM_IDS } from '../../machines/system';
import { useAppActor } from '../../machines/useFlow';
import { useLoadedActor } from './loadedActor';

/**
 * The root app actor's two long-lived children, the session and the toast queue (app/providers.tsx runs the
 * app once), read by the screens through the hooks below.
 */
type SessionActor = ActorRefFrom<typeof sessionMachine>;
type ToastsActor = ActorRefFrom<typeof toastsMachine>;

function useAppChild<T>(id: string): T {
  const child = useSelector(useAppActor(), (s) => s.children[id]);
  if (!child) throw new Error(`The app runs no actor "${id}"`);
  return child as T;
}

export const useSessionActor = () => useAppChild<SessionActor>(SYSTEM_IDS.session);
export const useToastsActor = () => useAppChild<ToastsActor>(SYSTEM_IDS.toasts);

export function useSession<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T): T {
  return useSelector(useSessionActor(), selector);
}

export function useToasts<T>(selector: (snapshot: SnapshotFrom<typeof toastsMachine>) => T): T {
  return useSelector(useToastsActor(), selector);
}

type WaitingCountActor = ActorRefFrom<typeof waitingCountMachine>;

/**
 * How many conversations wait for a person (the session's count, once its code has loaded): null while it is
 * not known, signed out, or on a server that does not count them.
 */
export function useWaitingCount(): number | null {
  return useSelector(useWaitingCountActor(), (s) => (s && !s.hasTag('notOffered') ? s.context.count : null));
}

/** Whether the server has said it does not know who handles conversations (it lacks the count's call). */
export function useHandlingNotOffered(): boolean {
  return useSelector(useWaitingCountActor(), (s) => s?.hasTag('notOffered') ?? false);
}

function useWaitingCountActor(): WaitingCountActor | undefined {
  // The session runs the count through a stand-in that loads its code (lazyActor): the count is its child.
  const standIn = useSession((s) => s.children[SYSTEM_IDS.waitingCount] as AnyActorRef | undefined);
  return useLoadedActor<WaitingCountActor>(standIn);
}
