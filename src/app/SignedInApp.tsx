import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { isAdmin } from '../machines/root/session/session.machine';
import { useSession } from '../views/ui/appActors';
import { PageLoading } from '../views/ui/PageLoading';
import { withStyledTheme } from '../views/ui/StyledTheme';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyScreen } from './retryableLazy';
import { NOT_FOUND, ROUTES, routePattern } from './routeTable';
import { Shell } from './Shell';

/**
 * Everything behind sign-in: the shell and its screens. Each screen is its own chunk, loaded when its route is
 * first visited; a cold visit starts loading the path's chunks with the HTML (the build's preload script).
 */
const SCREENS = ROUTES.filter((route) => route.shell).map((route) => ({ route, Screen: lazyScreen(route) }));
const NotFoundView = lazyScreen({ ...NOT_FOUND, texts: 'screens' });

function ShellRoutes() {
  const admin = useSession((s) => isAdmin(s.context));
  const loadingUser = useSession((s) => s.hasTag('loadingUser'));
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {SCREENS.map(({ route, Screen }) => {
          if (route.access !== 'admin' || admin)
            return <Route key={route.path} path={routePattern(route)} component={Screen} />;
          // An admin's page is not there for others; while the user is still loading, wait rather than say so.
          return loadingUser ? (
            <Route key={route.path} path={routePattern(route)}>
              <PageLoading />
            </Route>
          ) : null;
        })}
        <Route component={NotFoundView} />
      </Switch>
    </Suspense>
  );
}

function SignedInAppRoot() {
  const [path] = useLocation();
  return (
    <Shell>
      <ErrorBoundary resetKey={path}>
        <ShellRoutes />
      </ErrorBoundary>
    </Shell>
  );
}

/** Loaded lazily; brings the styled-components design tokens with it. */
export const SignedInApp = withStyledTheme(SignedInAppRoot);
