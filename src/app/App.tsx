import { lazy, Suspense, useSyncExternalStore } from 'react';
import { qa } from '../qa/hooks';
import { Toaster } from '../views/ui/Toaster';
import { AppChrome, AppState, ToastsContext } from './providers';
import { AppRoutes } from './routes';

// The QA tools exist in demo and development builds only (statically dropped from production).
const QaPanel =
  import.meta.env.VITE_MOCKS === 'true'
    ? lazy(() => import('../qa/QaPanel').then((m) => ({ default: m.QaPanel })))
    : null;

const never = () => () => {};
const zero = () => 0;

function Toasts() {
  const toasts = ToastsContext.useSelector((s) => s.context.toasts);
  return <Toaster toasts={toasts} />;
}

export function App() {
  // A QA jump bumps the generation: the flows remount, starting from the restored snapshot.
  const generation = useSyncExternalStore(qa?.subscribe ?? never, qa?.generation ?? zero, zero);
  return (
    <AppChrome>
      <AppState key={generation}>
        <AppRoutes />
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
