import { type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { currentLocation, loginPathFor } from '../api/client';
import { ensureCatalog, screensCatalog } from '../i18n/i18n';
import { PageLoading } from '../views/ui/PageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import { SessionContext } from './providers';
import { retryableLazy } from './retryableLazy';

// The sign-in page, the payment pages and everything behind sign-in are chunks of their own.
const LoginView = retryableLazy(() =>
  import('../views/login/LoginView').then((m) => ({ default: m.LoginView })),
);
const withScreenTexts = <T,>(module: Promise<T>) =>
  Promise.all([module, ensureCatalog(screensCatalog)]).then(([m]) => m);
const SignedInApp = retryableLazy(() =>
  withScreenTexts(import('./SignedInApp')).then((m) => ({ default: m.SignedInApp })),
);
const PaymentSuccessView = retryableLazy(() =>
  withScreenTexts(import('../views/paymentSuccess/PaymentSuccessView')).then((m) => ({
    default: m.PaymentSuccessView,
  })),
);
// The payment provider's checkout is simulated in the demo only: statically false in production builds, so
// neither the page nor the mock backend it calls is bundled there.
const DemoCheckoutView =
  import.meta.env.VITE_MOCKS === 'true'
    ? retryableLazy(() =>
        withScreenTexts(import('../views/demoCheckout/DemoCheckoutView')).then((m) => ({
          default: m.DemoCheckoutView,
        })),
      )
    : null;

/** Protected routes: signed-out visitors go to /login with the way back. */
function RequireSession({ children }: { children: ReactNode }) {
  const signedOut = SessionContext.useSelector((s) => s.hasTag('signedOut'));
  if (signedOut) return <Redirect to={loginPathFor(currentLocation())} replace />;
  return children;
}

export function AppRoutes() {
  const [path] = useLocation();
  return (
    <ErrorBoundary resetKey={path}>
      <Switch>
        <Route path="/login">
          <Suspense fallback={<PageLoading fullPage />}>
            <LoginView />
          </Suspense>
        </Route>
        {/* Public, like a provider's page: it needs no session of the app. */}
        {DemoCheckoutView && (
          <Route path="/demo-checkout">
            <Suspense fallback={<PageLoading fullPage />}>
              <DemoCheckoutView />
            </Suspense>
          </Route>
        )}
        <Route path="/payment-success">
          <RequireSession>
            <Suspense fallback={<PageLoading fullPage />}>
              <PaymentSuccessView />
            </Suspense>
          </RequireSession>
        </Route>
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
