import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { membershipMachine } from '../../machines/usageBilling/billing/membership';
import {
  periodIdOf,
  USAGE_PERIODS,
  type UsagePeriodId,
  type usageMachine,
} from '../../machines/usageBilling/usage/usage.machine';
import type { usageRangeMachine } from '../../machines/usageBilling/usage/usageRange.machine';
import { Card, CardTitle } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { usePainterEarly } from '../ui/chart/chart';
import { EmptyState, ErrorPanel, PanelLoading } from '../ui/Feedback';
import { SelectField } from '../ui/Field';
import { formatDate } from '../ui/format';
import { useText } from '../ui/text';
import { useResourceState } from '../ui/useResource';
import { CustomRangePicker } from './CustomRangePicker';
import { DailyTokensChart } from './DailyTokensChart';
import { TokenTable } from './TokenTable';
import { InstanceUsage } from './UsageSummary';

type MembershipRef = ActorRefFrom<typeof membershipMachine>;
type UsageRef = ActorRefFrom<typeof usageMachine>;
type RangeRef = ActorRefFrom<typeof usageRangeMachine>;

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Head = styled(SpreadRow)`
  > div:last-child { min-width: 200px; }
`;

/** Usage for a chosen period: instances, tokens per conversation and tokens per day. */
export function UsageDetails({
  membership,
  usage,
  range,
}: {
  membership: MembershipRef;
  usage: UsageRef;
  range: RangeRef;
}) {
  const { t } = useLingui();
  const text = useText();
  const params = useSelector(usage, (s) => s.context.params);
  const picking = useSelector(range, (s) => s.hasTag('open'));
  const { data: info, error, status } = useResourceState(usage);
  const { data: plan } = useResourceState(membership);
  const select = useRef<HTMLSelectElement>(null);
  const wasPicking = useRef(false);
  usePainterEarly();
  // The picker closed (applied or cancelled): the focus goes back to the selector that opened it.
  useEffect(() => {
    if (wasPicking.current && !picking) select.current?.focus();
    wasPicking.current = picking;
  }, [picking]);
  const busy = status === 'loading';
  const failed = status === 'failed';

  const customLabel =
    'startDate' in params
      ? (() => {
          const from = formatDate(params.startDate);
          const to = formatDate(params.endDate);
          return t`Custom: ${from} – ${to}`;
        })()
      : null;
  const labelOf = (id: UsagePeriodId) => {
    const period = USAGE_PERIODS.find((p) => p.id === id);
    return id === 'custom' && customLabel ? customLabel : period ? text(period.label) : '';
  };
  const current = periodIdOf(params);

  const choose = (id: UsagePeriodId) => {
    if (id === 'custom') {
      range.send({ type: 'range.opened' });
      return;
    }
    if (picking) range.send({ type: 'range.cancelled' });
    const next = USAGE_PERIODS.find((p) => p.id === id)?.params;
    if (next) usage.send({ type: 'resource.reload', params: next });
  };

  return (
    <Body aria-labelledby="usage-details-title" aria-busy={busy}>
      <Head $gap={3}>
        <CardTitle id="usage-details-title">
          <Trans>Usage details</Trans>
        </CardTitle>
        <SelectField
          ref={select}
          label={<Trans>Period</Trans>}
          value={picking ? 'custom' : current}
          onChange={(e) => choose(e.target.value as UsagePeriodId)}
        >
          {USAGE_PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {labelOf(p.id)}
            </option>
          ))}
        </SelectField>
      </Head>
      {picking && <CustomRangePicker range={range} />}
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
          ) : (
            <>
              {info.usageInfos.length === 0 ? (
                <EmptyState title={<Trans>No token usage in this period</Trans>}>
                  {t`Conversations with your bots appear here with the tokens they used.`}
                </EmptyState>
              ) : (
                <TokenTable usage={info} />
              )}
              <DailyTokensChart
                days={info.dailyTokens}
                monthlyLimit={plan?.monthlyTokenLimit ?? null}
                periodLabel={labelOf(current)}
              />
            </>
          )}
        </>
      )}
    </Body>
  );
}
