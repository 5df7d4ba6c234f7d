import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ScheduleType } from '../../api/schemas/payments';
import { PATHS } from '../../machines/paths';
import { Alert } from '../../views/ui/Alert';
import { Button } from '../../views/ui/Button';
import { Muted } from '../../views/ui/Card';
import { PanelLoading } from '../../views/ui/Feedback';
import { formatDate, formatMoney } from '../../views/ui/format';
import { usePlanName } from '../../views/ui/planName';
import { Spinner } from '../../views/ui/Spinner';
import { demoPortalMachine } from './demoPortal.machine';
import { Banner, Lines, Merchant, Page, Sheet, Single, Summary } from './providerPage';
import { usePageFlow } from './usePageFlow';

const Actions = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(3)};
  h2 { font-size: ${({ theme }) => theme.font.size.lg}; }
  > button { justify-self: start; }
`;

/** Demo only: the payment provider's customer portal, where Manage subscription leads. */
export function DemoPortalView() {
  const { i18n } = useLingui();
  const planName = usePlanName();
  const { send, view } = usePageFlow('demoPortal', demoPortalMachine, 'portal_session', (s) => ({
    portal: s.context.portal,
    changed: s.context.changed,
    busy: s.hasTag('busy'),
    error: s.hasTag('error'),
    resuming: s.matches('resuming'),
    cancelling: s.matches('cancelling'),
    switching: s.matches('switching'),
    updatingCard: s.matches('updatingCard'),
  }));
  const { portal, busy } = view;
  const banner = (
    <Banner>
      <Trans>Demo customer portal: no real subscription is changed and no card is charged.</Trans>
    </Banner>
  );

  if (view.loading) {
    return (
      <Page>
        <h1 className="visually-hidden">
          <Trans>Manage your subscription</Trans>
        </h1>
        <PanelLoading />
      </Page>
    );
  }

  if (!portal || view.unknown) {
    return (
      <Page>
        {banner}
        <Single>
          <h1>
            <Trans>This subscription link is not valid</Trans>
          </h1>
          <Muted>
            <Trans>Open Manage subscription again from Usage and billing.</Trans>
          </Muted>
          <Button as={Link} href={PATHS.usageBilling} variant="primary">
            <Trans>Back to billing</Trans>
          </Button>
        </Single>
      </Page>
    );
  }

  const plan = planName(portal.planName);
  const yearly = portal.scheduleType === ScheduleType.yearly;
  const price = formatMoney(
    (yearly ? portal.yearlyPrice : portal.monthlyPrice) / 100,
    portal.currency,
    i18n.locale,
  );
  const endDate = portal.endDate ? formatDate(portal.endDate) : null;
  const canSwitch = portal.yearlyPrice > 0 && portal.monthlyPrice > 0;
  const changed = view.changed;

  return (
    <Page>
      {banner}
      <Sheet aria-busy={busy}>
        <Summary>
          <Merchant>Influx</Merchant>
          <h1>
            <Trans>Manage your subscription</Trans>
          </h1>
          <Lines>
            <dt>
              <Trans>Plan</Trans>
            </dt>
            <dd data-testid="portal-plan">{plan}</dd>
            <dt>{yearly ? <Trans>Billed yearly</Trans> : <Trans>Billed monthly</Trans>}</dt>
            <dd>{price}</dd>
            {endDate && (
              <>
                <dt>{portal.cancelAtPeriodEnd ? <Trans>Ends on</Trans> : <Trans>Renews on</Trans>}</dt>
                <dd data-testid="portal-end">{endDate}</dd>
              </>
            )}
            <dt>
              <Trans>Card</Trans>
            </dt>
            <dd>{portal.card ? `${portal.card.brand} •••• ${portal.card.last4}` : <Trans>None</Trans>}</dd>
          </Lines>
        </Summary>
        <Actions>
          <h2>
            <Trans>Change your subscription</Trans>
          </h2>
          <div role="status">
            {changed === 'cancelled' ? (
              <Alert tone="info">
                <Trans>Your plan will end at the end of this period. You can resume it until then.</Trans>
              </Alert>
            ) : changed === 'resumed' ? (
              <Alert tone="success">
                <Trans>Your plan renews again.</Trans>
              </Alert>
            ) : changed === 'switched' ? (
              <Alert tone="success">
                <Trans>The next period is billed at the new cycle.</Trans>
              </Alert>
            ) : null}
          </div>
          {view.error && (
            <Alert>
              <Trans>That did not go through. Try again.</Trans>
            </Alert>
          )}
          {portal.cancelAtPeriodEnd ? (
            <Button
              variant="primary"
              disabled={busy}
              onClick={() => send({ type: 'portal.resumeRequested' })}
            >
              {view.resuming && <Spinner />}
              <Trans>Resume subscription</Trans>
            </Button>
          ) : (
            <Button variant="danger" disabled={busy} onClick={() => send({ type: 'portal.cancelRequested' })}>
              {view.cancelling && <Spinner />}
              <Trans>Cancel at period end</Trans>
            </Button>
          )}
          {canSwitch && (
            <Button
              disabled={busy}
              onClick={() =>
                send({
                  type: 'portal.cycleChosen',
                  scheduleType: yearly ? ScheduleType.monthly : ScheduleType.yearly,
                })
              }
            >
              {view.switching && <Spinner />}
              {yearly ? <Trans>Switch to monthly billing</Trans> : <Trans>Switch to yearly billing</Trans>}
            </Button>
          )}
          <Button disabled={busy} onClick={() => send({ type: 'portal.cardUpdateRequested' })}>
            {view.updatingCard && <Spinner />}
            <Trans>Update card</Trans>
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'portal.returned' })}>
            <Trans>Return to Influx</Trans>
          </Button>
        </Actions>
      </Sheet>
    </Page>
  );
}
