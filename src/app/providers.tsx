import { I18nProvider } from '@lingui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { configureClient } from '../api/client';
import { readUserInfo } from '../api/storage';
import { i18n } from '../i18n/i18n';
import { appMachine } from '../machines/root/app.machine';
import { sessionMachine } from '../machines/root/session/session.machine';
import { connectToasts } from '../machines/root/toasts/notify';
import { toastsMachine } from '../machines/root/toasts/toasts.machine';
import { linkAppSystem, SYSTEM_IDS, unlinkAppSystem } from '../machines/system';
import { flowOptions, useChildFlow } from '../machines/useFlow';
import { AppActorContext } from '../views/ui/appActors';
import { currentLocation, loginPathFor } from '../views/ui/location';
import { ThemeModeProvider } from '../views/ui/themeMode';
import { openAddress, updateQuery } from './browser';

/** The root app actor with what only the browser can do, injected once here. */
const appLogic = appMachine.provide({
  actions: {
    navigate: (_, { to, replace }) => navigate(to, { replace }),
    open: (_, { url }) => openAddress(url),
    reload: () => globalThis.location.reload(),
    print: () => globalThis.print?.(),
    updateQuery: (_, { set }) => updateQuery(set),
  },
});

/**
 * Wires the screens' flows, the API client and the start-up toasts (a language that could not load) to the
 * root app actor.
 */
function Bridges() {
  const app = AppActorContext.useActorRef();
  // Linked while rendering, before the screens below render: a flow resolves what it sends to as it
  // computes its first state, when it is created. Unlinked when this root goes (a QA jump remounts it).
  linkAppSystem(app.system);
  useEffect(() => () => unlinkAppSystem(app.system), [app]);
  const session = useChildFlow(app, SYSTEM_IDS.session, sessionMachine);
  const toasts = useChildFlow(app, SYSTEM_IDS.toasts, toastsMachine);
  useEffect(() => {
    configureClient({
      currentLocation,
      onUnauthorized: (returnTo) => {
        session.send({ type: 'session.expired' });
        navigate(loginPathFor(returnTo), { replace: true });
      },
    });
    connectToasts((toast) => queueMicrotask(() => toasts.send({ type: 'toast.add', toast })));
    return () => connectToasts(null);
  }, [session, toasts]);
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

/** The app's actor system: its root owns the session and the toasts (restorable to a state by the QA tools). */
export function AppState({ children }: { children: ReactNode }) {
  const [input] = useState(() => ({ user: readUserInfo() }));
  return (
    <AppActorContext.Provider
      logic={appLogic}
      options={{ input, id: 'app', systemId: SYSTEM_IDS.app, ...flowOptions('app', appLogic, input) }}
    >
      <Bridges />
      {children}
    </AppActorContext.Provider>
  );
}
