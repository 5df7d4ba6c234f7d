import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { billingMachine, tokensMachine } from '../../machines/usageBilling/billing/billing.machine';
import type { membershipMachine } from '../../machines/usageBilling/billing/membership';
import { tokenQuota } from '../../machines/usageBilling/billing/quota';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { RetryButton, Skeleton } from '../ui/Feedback';
import { Meter } from '../ui/Meter';
import { usePlanName } from '../ui/planName';
import { Spinner } from '../ui/Spinner';
import { useResourceState } from '../ui/useResource';
import { useBillingFormat } from './useBillingFormat';

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; text-align: right; font-weight: ${({ theme }) => theme.font.weight.medium}; }
`;

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-content: start;
`;

const PlanName = styled.p`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  overflow-wrap: anywhere;
`;

type BillingRef = ActorRefFrom<typeof billingMachine>;
type MembershipRef = ActorRefFrom<typeof membershipMachine>;
type TokensRef = ActorRefFrom<typeof tokensMachine>;

/** The current plan, when it ends, and this period's tokens; the way to the provider's management page. */
export function SubscriptionCard({
  billing,
  membership: membershipRef,
  tokens: tokensRef,
}: {
  billing: BillingRef;
  membership: MembershipRef;
  tokens: TokensRef;
}) {
  const { t } = useLingui();
  const f = useBillingFormat();
  const { data: membership, status: membershipStatus } = useResourceState(membershipRef);
  const { data: allowance, status: tokensStatus } = useResourceState(tokensRef);
  const membershipLoading = membershipStatus === 'loading';
  const resetTime = allowance?.resetTime ?? null;
  const tokens = allowance?.tokens ?? null;
  const tokensLoading = tokensStatus === 'loading';
  const tokensFailed = tokensStatus === 'failed';
  const canManage = useSelector(billing, (s) => s.hasTag('canManage'));
  const managing = useSelector(billing, (s) => s.hasTag('managing'));
  const planName = usePlanName();

  const quota = tokens ? tokenQuota(tokens) : null;
  const endDate = membership?.endDate ? f.date(membership.endDate) : null;
  const cancelled = membership?.cancelAtPeriodEnd;
  const renews = cancelled === undefined ? undefined : !cancelled;
  const remaining = tokens ? f.number(tokens.remaining) : '';
  const limit = tokens ? f.number(tokens.limit) : '';
  const percent = quota?.percent ?? 0;

  return (
    <Body aria-labelledby="subscription-title" aria-busy={membershipLoading || tokensLoading}>
      <SpreadRow>
        <CardTitle id="subscription-title">
          <Trans>Current subscription</Trans>
        </CardTitle>
        {canManage && (
          <Button
            size="sm"
            disabled={managing}
            onClick={() => billing.send({ type: 'subscription.manageRequested' })}
          >
            {managing && <Spinner />}
            <Trans>Manage subscription</Trans>
          </Button>
        )}
      </SpreadRow>
      {membership ? (
        <PlanName data-testid="current-plan">{planName(membership.name)}</PlanName>
      ) : membershipLoading ? (
        <Skeleton $h="36px" $w="40%" />
      ) : (
        <Muted>
          <Trans>Your plan could not be loaded. The limits of the default plan are shown.</Trans>
        </Muted>
      )}
      <Facts>
        <dt>
          {endDate === null || renews === false ? (
            <Trans>Ends on</Trans>
          ) : renews ? (
            <Trans>Renews on</Trans>
          ) : (
            // The server does not say whether it renews: true either way.
            <Trans>Current period ends</Trans>
          )}
        </dt>
        <dd>
          {membershipLoading && !membership ? <Skeleton $w="60%" /> : (endDate ?? <Trans>No end date</Trans>)}
        </dd>
        <dt>
          <Trans>Tokens reset on</Trans>
        </dt>
        <dd>{resetTime ? f.dateTime(resetTime) : tokensLoading ? <Skeleton /> : '—'}</dd>
        <dt>
          <Trans>Tokens remaining</Trans>
        </dt>
        <dd>
          {tokens ? (
            quota?.limit === null ? (
              <Trans>Unlimited</Trans>
            ) : (
              <Trans>
                {remaining} of {limit}
              </Trans>
            )
          ) : tokensLoading ? (
            <Skeleton />
          ) : (
            '—'
          )}
        </dd>
      </Facts>
      {quota && quota.ratio !== null && (
        <Meter ratio={quota.ratio} label={t`Tokens used this period`} valueText={t`${percent}% used`} />
      )}
      {tokensFailed && (
        <SpreadRow>
          <Muted role="alert">
            <Trans>Token details could not be loaded.</Trans>
          </Muted>
          <RetryButton onRetry={() => tokensRef.send({ type: 'resource.retry' })} />
        </SpreadRow>
      )}
    </Body>
  );
}
