import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session/session.machine';
import { toastsMachine } from '../../machines/toasts/toasts.machine';

/**
 * The long-lived actors every screen may read: the session and the toast queue. The app root provides them
 * once (app/providers.tsx), with navigation and the page reload injected there.
 */
export const SessionContext = createActorContext(sessionMachine);
export const ToastsContext = createActorContext(toastsMachine);
