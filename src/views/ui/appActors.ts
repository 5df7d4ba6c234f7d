import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/root/session/session.machine';
import type { toastsMachine } from '../../machines/root/toasts/toasts.machine';
import { SYSTEM_IDS } from '../../machines/system';
import { useAppActor } from '../../machines/useFlow';

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
