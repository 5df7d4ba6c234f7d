import { createActorContext, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { appMachine } from '../../machines/root/app.machine';
import type { sessionMachine } from '../../machines/root/session/session.machine';
import type { toastsMachine } from '../../machines/root/toasts/toasts.machine';
import { SYSTEM_IDS } from '../../machines/system';

/**
 * The root app actor (app/providers.tsx provides it once, with what only the browser can do). Screens read
 * its two long-lived children, the session and the toast queue, through the hooks below.
 */
export const AppActorContext = createActorContext(appMachine);

type SessionActor = ActorRefFrom<typeof sessionMachine>;
type ToastsActor = ActorRefFrom<typeof toastsMachine>;

function useAppChild<T>(id: string): T {
  const child = AppActorContext.useSelector((s) => s.children[id as keyof typeof s.children]);
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
