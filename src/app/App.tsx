import { Toaster } from '../views/ui/Toaster';
import { AppProviders, ToastsContext } from './providers';
import { AppRoutes } from './routes';

function Toasts() {
  const toasts = ToastsContext.useSelector((s) => s.context.toasts);
  return <Toaster toasts={toasts} />;
}

export function App() {
  return (
    <AppProviders>
      <AppRoutes />
      <Toasts />
    </AppProviders>
  );
}
