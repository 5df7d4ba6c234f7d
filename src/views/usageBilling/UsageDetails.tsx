import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { TimeRangeCode } from '../../api/schemas/instances';
import type { membershipMachine } from '../../machines/billing/billing.machine';
import { USAGE_PERIODS, type usageMachine } from '../../machines/usage/usage.machine';
import { Card, CardTitle } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { EmptyState, ErrorPanel, PanelLoading } from '../ui/Feedback';
import { SelectField } from '../ui/Field';
import { useText } from '../ui/text';
import { useResourceState } from '../ui/useResource';
import { TokenTable } from './TokenTable';
import { InstanceUsage } from './UsageSummary';

type MembershipRef = ActorRefFrom<typeof membershipMachine>;
type UsageRef = ActorRefFrom<typeof usageMachine>;

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Head = styled(SpreadRow)`
  > div:last-child { min-width: 200px; }
`;

/** Usage for a chosen period: instances, and tokens per conversation. */
export function UsageDetails({ membership, usage }: { membership: MembershipRef; usage: UsageRef }) {
  const { t } = useLingui();
  const text = useText();
  const timeRange = useSelector(usage, (s) => s.context.params.timeRange);
  const { data: info, error, status } = useResourceState(usage);
  const busy = status === 'loading';
  const failed = status === 'failed';

  return (
    <Body aria-labelledby="usage-details-title" aria-busy={busy}>
      <Head $gap={3}>
        <CardTitle id="usage-details-title">
          <Trans>Usage details</Trans>
        </CardTitle>
        <SelectField
          label={<Trans>Period</Trans>}
          value={timeRange}
          onChange={(e) =>
            usage.send({
              type: 'resource.reload',
              params: { timeRange: Number(e.target.value) as TimeRangeCode },
            })
          }
        >
          {USAGE_PERIODS.map((p) => (
            <option key={p.code} value={p.code}>
              {text(p.label)}
            </option>
          ))}
        </SelectField>
      </Head>
      {failed ? (
        <ErrorPanel
          title={<Trans>Usage could not be loaded</Trans>}
          message={error ? text(error) : undefined}
          onRetry={() => usage.send({ type: 'resource.retry' })}
        />
      ) : (
        <>
          <InstanceUsage membership={membership} usage={usage} meterLabel={t`Instance usage`} />
          {!info ? (
            <PanelLoading />
          ) : info.usageInfos.length === 0 ? (
            <EmptyState title={<Trans>No token usage in this period</Trans>}>
              {t`Conversations with your bots appear here with the tokens they used.`}
            </EmptyState>
          ) : (
            <TokenTable usage={info} />
          )}
        </>
      )}
    </Body>
  );
}
