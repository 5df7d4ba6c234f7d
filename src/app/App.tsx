import { lazy, Suspense, useSyncExternalStore } from 'react';
import { flowInspector } from '../machines/inspection';
import { useToasts } from '../views/ui/appActors';
import { type DemoSlots, DemoSlotsContext } from '../views/ui/demoSlots';
import { Toaster } from '../views/ui/Toaster';
import { AppChrome, AppState } from './providers';
import { AppRoutes } from './routes';

// The QA tools and the demo's parts of screens exist in demo and development builds only (statically
// dropped from production).
const QaPanel =
  import.meta.env.VITE_MOCKS === 'true'
    ? lazy(() => import('../demo/qa/QaPanel').then((m) => ({ default: m.QaPanel })))
    : null;
const DEMO_SLOTS: DemoSlots =
  import.meta.env.VITE_MOCKS === 'true'
    ? { LoginMailbox: lazy(() => import('../demo/DemoMailbox').then((m) => ({ default: m.DemoMailbox }))) }
    : {};

const never = () => () => {};
const zero = () => 0;

function Toasts() {
  const toasts = useToasts((s) => s.context.toasts);
  return <Toaster toasts={toasts} />;
}

export function App() {
  // A QA jump bumps the generation: the flows remount, starting from the restored snapshot.
  const qa = flowInspector();
  const generation = useSyncExternalStore(qa?.subscribe ?? never, qa?.generation ?? zero, zero);
  return (
    <AppChrome>
      <AppState key={generation}>
        <DemoSlotsContext.Provider value={DEMO_SLOTS}>
          <AppRoutes />
        </DemoSlotsContext.Provider>
        <Toasts />
      </AppState>
      {QaPanel && (
        <Suspense fallback={null}>
          <QaPanel />
        </Suspense>
      )}
    </AppChrome>
  );
}
