import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { loginPathFor } from '../api/client';
import { isAdmin } from '../machines/session/session.machine';
import { PageLoading } from '../views/ui/PageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import { SessionContext } from './providers';
import { Shell } from './Shell';

// Each screen is its own chunk, loaded when its route is first visited.
const LoginView = lazy(() => import('../views/login/LoginView').then((m) => ({ default: m.LoginView })));
const DashboardView = lazy(() =>
  import('../views/dashboard/DashboardView').then((m) => ({ default: m.DashboardView })),
);
const BotSettingsView = lazy(() =>
  import('../views/botSettings/BotSettingsView').then((m) => ({ default: m.BotSettingsView })),
);
const BindWhatsappView = lazy(() =>
  import('../views/bindWhatsapp/BindWhatsappView').then((m) => ({ default: m.BindWhatsappView })),
);
const ChatHistoryView = lazy(() =>
  import('../views/chatHistory/ChatHistoryView').then((m) => ({ default: m.ChatHistoryView })),
);
const UsageBillingView = lazy(() =>
  import('../views/usageBilling/UsageBillingView').then((m) => ({ default: m.UsageBillingView })),
);
const MembershipView = lazy(() =>
  import('../views/membership/MembershipView').then((m) => ({ default: m.MembershipView })),
);
const PaymentSuccessView = lazy(() =>
  import('../views/paymentSuccess/PaymentSuccessView').then((m) => ({ default: m.PaymentSuccessView })),
);
// The payment provider's checkout is simulated in the demo only: statically false in production builds, so
// neither the page nor the mock backend it calls is bundled there.
const DemoCheckoutView =
  import.meta.env.VITE_MOCKS === 'true'
    ? lazy(() =>
        import('../views/demoCheckout/DemoCheckoutView').then((m) => ({ default: m.DemoCheckoutView })),
      )
    : null;
const NotFoundView = lazy(() =>
  import('../views/notFound/NotFoundView').then((m) => ({ default: m.NotFoundView })),
);

const here = () => `${location.pathname}${location.search}${location.hash}`;

/** Protected routes: signed-out visitors go to /login with the way back. */
function RequireSession({ children }: { children: ReactNode }) {
  const signedOut = SessionContext.useSelector((s) => s.hasTag('signedOut'));
  if (signedOut) return <Redirect to={loginPathFor(here())} replace />;
  return children;
}

function ShellRoutes() {
  const admin = SessionContext.useSelector((s) => isAdmin(s.context));
  const loadingUser = SessionContext.useSelector((s) => s.hasTag('loadingUser'));
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={DashboardView} />
        <Route path="/bot-settings" component={BotSettingsView} />
        <Route path="/bind-whatsapp" component={BindWhatsappView} />
        <Route path="/chat-history" component={ChatHistoryView} />
        <Route path="/usage-billing" component={UsageBillingView} />
        {/* Registered only for admins; while the user is still loading, wait rather than say "not found". */}
        {admin && <Route path="/membership-management" component={MembershipView} />}
        {loadingUser && (
          <Route path="/membership-management">
            <PageLoading />
          </Route>
        )}
        <Route component={NotFoundView} />
      </Switch>
    </Suspense>
  );
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
            <Shell>
              <ErrorBoundary resetKey={path}>
                <ShellRoutes />
              </ErrorBoundary>
            </Shell>
          </RequireSession>
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}
