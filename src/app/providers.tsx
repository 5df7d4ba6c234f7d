import { I18nProvider } from '@lingui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { createActor } from 'xstate';
import { configureClient } from '../api/client';
import { readUserInfo } from '../api/storage';
import { i18n } from '../i18n/i18n';
import { appMachine } from '../machines/root/app.machine';
import { sessionMachine } from '../machines/root/session/session.machine';
import { connectToasts } from '../machines/root/toasts/notify';
import { toastsMachine } from '../machines/root/toasts/toasts.machine';
import { SYSTEM_IDS } from '../machines/system';
import {
  AppActorContext,
  flowOptions,
  useAppActor,
  useChildFlow,
  useStopWhenGone,
} from '../machines/useFlow';
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

/** Wires the API client and the start-up toasts (a language that could not load) to the root app actor. */
function Bridges() {
  const app = useAppActor();
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

// The sign-in page is also rendered at build time (src/prerender.tsx), where no actor may run.
const onServer = typeof document === 'undefined';

/**
 * The app's actor system: its root owns the session and the toasts (restorable to a state by the QA tools),
 * and the screens' flows are its children (useFlow). It starts as it first renders, so the screens below
 * find it running, and stops when this root goes (a QA jump remounts it), its children with it.
 */
export function AppState({ children }: { children: ReactNode }) {
  const [app] = useState(() => {
    const input = { user: readUserInfo() };
    return createActor(appLogic, {
      input,
      id: 'app',
      systemId: SYSTEM_IDS.app,
      ...flowOptions('app', appLogic, input),
    });
  });
  // Starting a running actor does nothing: every render may ask.
  if (!onServer) app.start();
  useStopWhenGone(() => app.stop());
  const [value] = useState(() => ({ app, running: !onServer, uncommitted: new WeakMap() }));
  return (
    <AppActorContext.Provider value={value}>
      <Bridges />
      {children}
    </AppActorContext.Provider>
  );
}
