import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { PaidMembership, PaymentSessionDetails } from '../../api/schemas/payments';
import { PATHS } from '../../machines/paths';
import { paymentSuccessMachine } from '../../machines/paymentSuccess/paymentSuccess.machine';
import { signedInUserId } from '../../machines/root/session/session.machine';
import { useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Button } from '../ui/Button';
import { Card, Muted } from '../ui/Card';
import { PanelLoading } from '../ui/Feedback';
import { formatDateTime, formatMoney } from '../ui/format';
import { AlertIcon, CheckIcon, RefreshIcon } from '../ui/icons';
import { useFormatLimit } from '../ui/limits';
import { usePlanName } from '../ui/planName';
import { withStyledTheme } from '../ui/StyledTheme';
import { pageTitle, useText } from '../ui/text';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
`;

const Panel = styled(Card)`
  width: min(560px, 100%);
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  h1 { font-size: ${({ theme }) => theme.font.size.xxl}; }
  h2 { font-size: ${({ theme }) => theme.font.size.lg}; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;

const Mark = styled.span<{ $tone: 'success' | 'danger' }>`
  display: inline-grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.color[`${$tone}Soft`]};
  color: ${({ theme, $tone }) => theme.color[$tone]};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; text-align: right; font-weight: ${({ theme }) => theme.font.weight.medium}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  a { text-decoration: none; }
`;

/** One fact: its name, then its value. */
function Fact({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** A titled list of facts; the title names the section. */
function FactsSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Facts>{children}</Facts>
    </section>
  );
}

function PaymentFacts({ details }: { details: PaymentSessionDetails }) {
  const { i18n, t } = useLingui();
  const payment = details.payments[0];
  const method = details.paymentMethod === 'card' ? t`Card` : details.paymentMethod;
  return (
    <FactsSection id="payment-details-title" title={<Trans>Payment details</Trans>}>
      <Fact label={<Trans>Amount</Trans>} testId="payment-amount">
        {formatMoney(details.paymentAmount / 100, details.paymentCurrency, i18n.locale)}
      </Fact>
      <Fact label={<Trans>Currency</Trans>}>{details.paymentCurrency.toUpperCase()}</Fact>
      <Fact label={<Trans>Payment method</Trans>}>{method}</Fact>
      {payment && (
        <>
          <Fact label={<Trans>Payment ID</Trans>}>{payment.id}</Fact>
          <Fact label={<Trans>Date</Trans>}>{formatDateTime(payment.createdAt)}</Fact>
        </>
      )}
    </FactsSection>
  );
}

function PlanFacts({ plan }: { plan: PaidMembership }) {
  // A limit the answer leaves out is not known: a dash, not a guess.
  const formatLimit = useFormatLimit();
  const planName = usePlanName();
  const limit = (value: number | undefined) => (value === undefined ? '—' : formatLimit(value));
  return (
    <FactsSection id="plan-details-title" title={<Trans>Plan details</Trans>}>
      <Fact label={<Trans>Plan</Trans>} testId="paid-plan">
        {planName(plan.name)}
      </Fact>
      <Fact label={<Trans>WhatsApp numbers</Trans>}>{limit(plan.instanceLimit)}</Fact>
      <Fact label={<Trans>Chatbots</Trans>}>{limit(plan.chatbotLimit)}</Fact>
      <Fact label={<Trans>Tokens per month</Trans>}>{limit(plan.monthlyTokenLimit)}</Fact>
      <Fact label={<Trans>Chat sessions</Trans>}>{limit(plan.totalChatSessionLimit)}</Fact>
      <Fact label={<Trans>Knowledge files</Trans>}>{limit(plan.knowledgeBaseFileLimit)}</Fact>
    </FactsSection>
  );
}

/** The confirmation the payment provider returns to: /payment-success?sessionId=… */
function PaymentSuccessViewRoot() {
  const { t } = useLingui();
  const text = useText();
  const userId = useSession((s) => signedInUserId(s.context));
  const [sessionId] = useState(() => new URLSearchParams(location.search).get('sessionId'));
  const flow = useFlow('paymentSuccess', paymentSuccessMachine, { input: { sessionId, userId } });
  const details = useSelector(flow, (s) => s.context.details);
  const error = useSelector(flow, (s) => s.context.error);
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const canRetry = useSelector(flow, (s) => s.can({ type: 'details.retry' }));

  useEffect(() => {
    document.title = pageTitle(failed ? t`Load failed` : t`Payment successful`);
  }, [failed, t]);

  return (
    <Page>
      <Panel aria-busy={busy}>
        {failed ? (
          <>
            <Mark $tone="danger">
              <AlertIcon size={24} />
            </Mark>
            <div role="alert">
              <h1>
                <Trans>Load failed</Trans>
              </h1>
              {error && <Muted>{text(error)}</Muted>}
            </div>
            <Actions>
              <Button as={Link} href={PATHS.usageBilling} variant="primary">
                <Trans>Back to billing</Trans>
              </Button>
              {canRetry && (
                <Button onClick={() => flow.send({ type: 'details.retry' })}>
                  <RefreshIcon size={16} />
                  <Trans>Retry</Trans>
                </Button>
              )}
            </Actions>
          </>
        ) : details ? (
          <>
            <Mark $tone="success">
              <CheckIcon size={24} />
            </Mark>
            <div>
              <h1>
                <Trans>Payment successful</Trans>
              </h1>
              <Muted>
                <Trans>Thank you. Your subscription is active.</Trans>
              </Muted>
            </div>
            <PaymentFacts details={details} />
            <PlanFacts plan={details.membership} />
            <Actions>
              <Button as={Link} href={PATHS.usageBilling} variant="primary">
                <Trans>Go to billing</Trans>
              </Button>
              <Button as={Link} href={PATHS.dashboard}>
                <Trans>Back to home</Trans>
              </Button>
            </Actions>
          </>
        ) : (
          <>
            <h1 className="visually-hidden">
              <Trans>Payment successful</Trans>
            </h1>
            <PanelLoading>
              <Trans>Loading payment details…</Trans>
            </PanelLoading>
          </>
        )}
      </Panel>
    </Page>
  );
}

/** Loaded lazily; brings the styled-components design tokens with it. */
export const PaymentSuccessView = withStyledTheme(PaymentSuccessViewRoot);
