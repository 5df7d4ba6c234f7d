import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { isAdmin } from '../machines/session/session.machine';
import { PageLoading } from '../views/ui/PageLoading';
import { withStyledTheme } from '../views/ui/StyledTheme';
import { ErrorBoundary } from './ErrorBoundary';
import { SessionContext } from './providers';
import { retryableLazy } from './retryableLazy';
import { Shell } from './Shell';

/**
 * Everything behind sign-in: the shell and its screens. One lazy module of its own, so the sign-in page never
 * loads the shell; each screen is again its own chunk, loaded when its route is first visited. A cold visit
 * starts loading the path's chunks with the HTML (scripts/vite/preloadScreens.ts lists them per path).
 */
const DashboardView = retryableLazy(() =>
  import('../views/dashboard/DashboardView').then((m) => ({ default: m.DashboardView })),
);
const BotSettingsView = retryableLazy(() =>
  import('../views/botSettings/BotSettingsView').then((m) => ({ default: m.BotSettingsView })),
);
const BindWhatsappView = retryableLazy(() =>
  import('../views/bindWhatsapp/BindWhatsappView').then((m) => ({ default: m.BindWhatsappView })),
);
const ChatHistoryView = retryableLazy(() =>
  import('../views/chatHistory/ChatHistoryView').then((m) => ({ default: m.ChatHistoryView })),
);
const UsageBillingView = retryableLazy(() =>
  import('../views/usageBilling/UsageBillingView').then((m) => ({ default: m.UsageBillingView })),
);
const MembershipView = retryableLazy(() =>
  import('../views/membership/MembershipView').then((m) => ({ default: m.MembershipView })),
);
const NotFoundView = retryableLazy(() =>
  import('../views/notFound/NotFoundView').then((m) => ({ default: m.NotFoundView })),
);

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
