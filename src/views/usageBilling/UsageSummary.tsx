import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { membershipMachine } from '../../machines/usageBilling/billing/membership';
import { instanceQuota } from '../../machines/usageBilling/billing/quota';
import type { usageMachine } from '../../machines/usageBilling/usage/usage.machine';
import { Card, CardTitle, Muted } from '../ui/Card';
import { Skeleton } from '../ui/Feedback';
import { Meter } from '../ui/Meter';
import { useResourceState } from '../ui/useResource';
import { useBillingFormat } from './useBillingFormat';

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-content: start;
`;

const Figure = styled.p`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  strong { font-size: ${({ theme }) => theme.font.size.xl}; }
`;

const Block = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

type MembershipRef = ActorRefFrom<typeof membershipMachine>;
type UsageRef = ActorRefFrom<typeof usageMachine>;

/** Instances in use against the plan's limit (unlimited for -1; 1 when the plan is unknown). */
export function InstanceUsage({
  membership: membershipRef,
  usage,
  meterLabel,
}: {
  membership: MembershipRef;
  usage: UsageRef;
  meterLabel: string;
}) {
  const { t } = useLingui();
  const f = useBillingFormat();
  const { data: membership, status: membershipStatus } = useResourceState(membershipRef);
  const membershipLoading = membershipStatus === 'loading';
  const used = useSelector(usage, (s) => s.context.data?.nowInstanceNum ?? null);

  if (used === null || (membershipLoading && !membership)) return <Skeleton $h="44px" />;
  const quota = instanceQuota(used, membership);
  const usedText = f.number(quota.used);
  const limitText = quota.limit === null ? t`Unlimited` : f.number(quota.limit);
  const percent = quota.percent ?? 0;
  return (
    <Block>
      <Figure>
        <span>
          <Trans>Instances</Trans>
        </span>
        <span>
          <strong>
            <Trans>
              {usedText} / {limitText}
            </Trans>
          </strong>{' '}
          {quota.percent !== null && <Muted as="span">({percent}%)</Muted>}
        </span>
      </Figure>
      <Meter
        ratio={quota.ratio}
        label={meterLabel}
        valueText={
          quota.limit === null ? t`${usedText} of unlimited` : t`${usedText} of ${limitText} (${percent}%)`
        }
      />
    </Block>
  );
}

export function UsageSummary({ membership, usage }: { membership: MembershipRef; usage: UsageRef }) {
  const { t } = useLingui();
  const f = useBillingFormat();
  const total = useSelector(usage, (s) => s.context.data?.totalTokenCount ?? null);
  const failed = useSelector(usage, (s) => s.hasTag('failed'));
  const totalText = total === null ? '' : f.number(total);
  return (
    <Body aria-labelledby="usage-summary-title">
      <CardTitle id="usage-summary-title">
        <Trans>Usage summary</Trans>
      </CardTitle>
      {failed ? (
        <Muted>
          <Trans>Usage could not be loaded. See the usage details below.</Trans>
        </Muted>
      ) : (
        <>
          <InstanceUsage membership={membership} usage={usage} meterLabel={t`Instances in use`} />
          <Figure>
            <span>
              <Trans>Tokens in the selected period</Trans>
            </span>
            {total === null ? <Skeleton $w="30%" /> : <strong>{totalText}</strong>}
          </Figure>
        </>
      )}
    </Body>
  );
}
