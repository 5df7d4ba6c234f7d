import { I18nProvider } from '@lingui/react';
import { type ReactNode, useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { configureClient } from '../api/client';
import { readUserInfo } from '../api/storage';
import { i18n } from '../i18n/i18n';
import { sessionMachine } from '../machines/session/session.machine';
import { connectToasts } from '../machines/toasts/notify';
import { toastsMachine } from '../machines/toasts/toasts.machine';
import { flowOptions, useRegisterFlow } from '../machines/useFlow';
import { SessionContext, ToastsContext } from '../views/ui/appActors';
import { currentLocation, loginPathFor } from '../views/ui/location';
import { ThemeModeProvider } from '../views/ui/themeMode';

/** The session with what only the app can do: navigate, and reload the page. */
const sessionLogic = sessionMachine.provide({
  actions: {
    goToLogin: () => navigate('/login'),
    reloadPage: () => globalThis.location.reload(),
  },
});

/** Wires the API client and the toast notifier to the root actors. */
function Bridges() {
  const session = SessionContext.useActorRef();
  const toasts = ToastsContext.useActorRef();
  useEffect(() => {
    configureClient({
      currentLocation,
      onUnauthorized: (returnTo) => {
        session.send({ type: 'session.expired' });
        navigate(loginPathFor(returnTo), { replace: true });
      },
    });
    // Deferred: a machine raises toasts from inside its own actions, and the queue must not start actors there.
    connectToasts((toast) => queueMicrotask(() => toasts.send({ type: 'toast.add', toast })));
    return () => connectToasts(null);
  }, [session, toasts]);
  useRegisterFlow('session', session, sessionMachine);
  useRegisterFlow('toasts', toasts, toastsMachine);
  return null;
}

/** Language and theme: they outlive everything below (the QA tools remount the rest on a jump). */
export function AppChrome({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeModeProvider>{children}</ThemeModeProvider>
    </I18nProvider>
  );
}

/** The long-lived flows: toasts and the session (restorable to a state by the QA tools). */
export function AppState({ children }: { children: ReactNode }) {
  return (
    <ToastsContext.Provider options={flowOptions('toasts')}>
      <SessionContext.Provider
        logic={sessionLogic}
        options={{ input: { user: readUserInfo() }, ...flowOptions('session') }}
      >
        <Bridges />
        {children}
      </SessionContext.Provider>
    </ToastsContext.Provider>
  );
}
