import { type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useSession } from '../views/ui/appActors';
import { currentLocation, loginPathFor } from '../views/ui/location';
import { PageLoading } from '../views/ui/PageLoading';
import { DocumentTitle } from './DocumentTitle';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyScreen } from './retryableLazy';
import { type AppRoute, ROUTES, routePattern } from './routeTable';
import { ScrollOnNavigate } from './ScrollOnNavigate';

// Everything behind sign-in that has the shell: one lazy module, so the sign-in page never loads the shell.
const SignedInApp = lazyScreen({
  load: () => import('./SignedInApp').then((m) => m.SignedInApp),
  texts: 'screens',
});
const PAGES = ROUTES.filter((route) => !route.shell).map((route) => ({ route, Screen: lazyScreen(route) }));

/** Protected routes: signed-out visitors go to /login with the way back. */
function RequireSession({ children }: { children: ReactNode }) {
  const signedOut = useSession((s) => s.hasTag('signedOut'));
  if (signedOut) return <Redirect to={loginPathFor(currentLocation())} replace />;
  return children;
}

function Guarded({ route, children }: { route: AppRoute; children: ReactNode }) {
  return route.access === 'public' ? children : <RequireSession>{children}</RequireSession>;
}

export function AppRoutes() {
  const [path] = useLocation();
  return (
    <ErrorBoundary resetKey={path}>
      <DocumentTitle />
      <ScrollOnNavigate />
      <Switch>
        {PAGES.map(({ route, Screen }) => (
          <Route key={route.path} path={routePattern(route)}>
            <Guarded route={route}>
              <Suspense fallback={<PageLoading fullPage />}>
                <Screen />
              </Suspense>
            </Guarded>
          </Route>
        ))}
        <Route>
          <RequireSession>
            <Suspense fallback={<PageLoading fullPage />}>
              <SignedInApp />
            </Suspense>
          </RequireSession>
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}
