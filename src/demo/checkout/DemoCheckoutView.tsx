import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ScheduleType } from '../../api/schemas/payments';
import { PATHS } from '../../machines/paths';
import { Alert } from '../../views/ui/Alert';
import { useSession } from '../../views/ui/appActors';
import { Button } from '../../views/ui/Button';
import { Muted } from '../../views/ui/Card';
import { PanelLoading } from '../../views/ui/Feedback';
import { TextField } from '../../views/ui/Field';
import { formatMoney } from '../../views/ui/format';
import { usePlanName } from '../../views/ui/planName';
import { Spinner } from '../../views/ui/Spinner';
import { withStyledTheme } from '../../views/ui/StyledTheme';
import { CardSetupView } from './CardSetupView';
import { DemoPortalView } from './DemoPortalView';
import { demoCheckoutMachine } from './demoCheckout.machine';
import { Banner, Lines, Merchant, Page, Sheet, Single, Summary } from './providerPage';
import { usePageFlow } from './usePageFlow';

const Amount = styled.p`
  font-size: 36px;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  letter-spacing: -0.02em;
`;

const PayForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h2 { font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Two = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Demo only: a checkout page that looks like a payment provider's, and returns like one. */
function DemoCheckoutViewRoot() {
  const { i18n } = useLingui();
  const planName = usePlanName();
  const email = useSession((s) => s.context.user?.email ?? '');
  const { sessionId, send, view } = usePageFlow('demoCheckout', demoCheckoutMachine, 'session_id', (s) => ({
    alreadyPaid: s.matches('alreadyPaid'),
    alreadyCancelled: s.matches('alreadyCancelled'),
    checkout: s.context.checkout,
    busy: s.hasTag('busy'),
    error: s.hasTag('error'),
    paying: s.hasTag('paying'),
    cancelling: s.hasTag('cancelling'),
  }));
  const { checkout, busy } = view;
  const banner = (
    <Banner>
      <Trans>Demo checkout: no real payment is taken and no card is charged.</Trans>
    </Banner>
  );

  if (view.loading) {
    return (
      <Page>
        <h1 className="visually-hidden">
          <Trans>Demo checkout</Trans>
        </h1>
        <PanelLoading />
      </Page>
    );
  }

  if (!checkout || view.unknown || view.alreadyPaid || view.alreadyCancelled) {
    return (
      <Page>
        {banner}
        <Single>
          <h1>
            {view.alreadyPaid ? (
              <Trans>This checkout is already paid</Trans>
            ) : (
              <Trans>This checkout is no longer available</Trans>
            )}
          </h1>
          <Muted>
            <Trans>Start again from Usage and billing if you still want to change your plan.</Trans>
          </Muted>
          {view.alreadyPaid && sessionId ? (
            <Button
              as={Link}
              href={`${PATHS.paymentSuccess}?sessionId=${encodeURIComponent(sessionId)}`}
              variant="primary"
            >
              <Trans>See the payment</Trans>
            </Button>
          ) : (
            <Button as={Link} href={PATHS.usageBilling} variant="primary">
              <Trans>Back to billing</Trans>
            </Button>
          )}
        </Single>
      </Page>
    );
  }

  const amount = formatMoney(checkout.amount / 100, checkout.currency, i18n.locale);
  const plan = planName(checkout.planName);
  const invoiceNumber = checkout.invoiceNumber;
  const yearly = checkout.scheduleType === ScheduleType.yearly;

  return (
    <Page>
      {banner}
      <Sheet aria-busy={busy}>
        <Summary>
          <Merchant>Influx</Merchant>
          <h1>
            {checkout.invoiceId ? (
              invoiceNumber ? (
                <Trans>Pay invoice {invoiceNumber}</Trans>
              ) : (
                <Trans>Pay your {plan} invoice</Trans>
              )
            ) : (
              <Trans>Subscribe to {plan}</Trans>
            )}
          </h1>
          <Amount data-testid="checkout-amount">{amount}</Amount>
          <Muted>{yearly ? <Trans>Billed yearly</Trans> : <Trans>Billed monthly</Trans>}</Muted>
          <Lines>
            <dt>{yearly ? <Trans>{plan}, 1 year</Trans> : <Trans>{plan}, 1 month</Trans>}</dt>
            <dd>{amount}</dd>
            <dt>
              <Trans>Total due today</Trans>
            </dt>
            <dd>{amount}</dd>
          </Lines>
        </Summary>
        <PayForm
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'checkout.paid' });
          }}
        >
          <h2>
            <Trans>Pay with card</Trans>
          </h2>
          <TextField label={<Trans>E-mail</Trans>} value={email} readOnly autoComplete="off" />
          <TextField label={<Trans>Card number</Trans>} value="4242 4242 4242 4242" readOnly />
          <Two>
            <TextField label={<Trans>Expiry</Trans>} value="12 / 34" readOnly />
            <TextField label={<Trans>CVC</Trans>} value="123" readOnly />
          </Two>
          {view.error && (
            <Alert>
              <Trans>The payment did not go through. Try again.</Trans>
            </Alert>
          )}
          <Button type="submit" variant="primary" block disabled={busy}>
            {view.paying && <Spinner />}
            <Trans>Pay {amount}</Trans>
          </Button>
          <Button variant="ghost" block disabled={busy} onClick={() => send({ type: 'checkout.cancelled' })}>
            {view.cancelling && <Spinner />}
            <Trans>Cancel and return to Influx</Trans>
          </Button>
        </PayForm>
      </Sheet>
    </Page>
  );
}

/**
 * The provider's pages: a checkout (session_id), the form to add a card (setup_session), or the customer portal
 * that Manage subscription opens (portal_session).
 */
function DemoProviderRoot() {
  const [page] = useState(() => {
    const query = new URLSearchParams(location.search);
    return query.has('setup_session') ? 'cardSetup' : query.has('portal_session') ? 'portal' : 'checkout';
  });
  if (page === 'cardSetup') return <CardSetupView />;
  return page === 'portal' ? <DemoPortalView /> : <DemoCheckoutViewRoot />;
}

/** Loaded lazily; brings the styled-components design tokens with it. */
export const DemoCheckoutView = withStyledTheme(DemoProviderRoot);
