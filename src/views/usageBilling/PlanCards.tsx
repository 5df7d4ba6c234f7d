import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import styled, { css } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { MembershipPlan } from '../../api/schemas/membership';
import { TRIAL_DAYS } from '../../machines/constants';
import type { plansMachine } from '../../machines/usageBilling/billing/billing.machine';
import {
  offersYearly,
  type PlanOffer,
  type PlanStanding,
  type planChangeMachine,
  planOffers,
} from '../../machines/usageBilling/planChange/planChange.machine';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { Cluster } from '../ui/Cluster';
import { Badge, EmptyState, ErrorPanel, Skeleton } from '../ui/Feedback';
import { CheckIcon, MailIcon } from '../ui/icons';
import { PlainList } from '../ui/PlainList';
import { usePlanName } from '../ui/planName';
import { useResourceState } from '../ui/useResource';
import type { SalesInquiryRef } from './TalkToSalesDialog';
import { useBillingFormat } from './useBillingFormat';

type PlansRef = ActorRefFrom<typeof plansMachine>;
type PlanChangeRef = ActorRefFrom<typeof planChangeMachine>;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h2 { font-size: ${({ theme }) => theme.font.size.xl}; }
`;

const Grid = styled(PlainList)`
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Tile = styled.li<{ $standing: PlanStanding | 'enterprise' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  h3 { font-size: ${({ theme }) => theme.font.size.lg}; overflow-wrap: anywhere; }
  ${({ $standing, theme }) =>
    $standing === 'current'
      ? css`
          border: 2px solid ${theme.color.primary};
          background: ${theme.color.primarySoft};
        `
      : $standing === 'lower'
        ? // Dimmed without opacity, so the text keeps its contrast.
          css`
            background: ${theme.color.surfaceAlt};
            border-style: dashed;
            box-shadow: none;
          `
        : ''}
`;

const Price = styled.p`
  strong { font-size: ${({ theme }) => theme.font.size.xxl}; }
`;

const CustomPrice = styled.p`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Features = styled(PlainList)`
  gap: ${({ theme }) => theme.space(1.5)};
  font-size: ${({ theme }) => theme.font.size.sm};
  li { display: flex; justify-content: space-between; align-items: baseline; gap: ${({ theme }) => theme.space(2)}; }
  li > span:first-child { color: ${({ theme }) => theme.color.textMuted}; }
  li > span:last-child { white-space: nowrap; }
`;

const Foot = styled.div`
  margin-top: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

function PlanFeatures({ plan }: { plan: MembershipPlan }) {
  const f = useBillingFormat();
  const limits = [
    { key: 'instances', label: <Trans>WhatsApp numbers</Trans>, limit: plan.instanceLimit },
    { key: 'chatbots', label: <Trans>Chatbots</Trans>, limit: plan.chatbotLimit },
    { key: 'tokens', label: <Trans>Tokens per month</Trans>, limit: plan.monthlyTokenLimit },
    { key: 'sessions', label: <Trans>Chat sessions</Trans>, limit: plan.totalChatSessionLimit },
    { key: 'files', label: <Trans>Knowledge files</Trans>, limit: plan.knowledgeBaseFileLimit },
  ];
  // Included features are listed only when the plan has them.
  const included = [
    { key: 'prompts', label: <Trans>Custom prompts</Trans>, has: plan.hasCustomPrompt },
    { key: 'advanced', label: <Trans>Advanced features</Trans>, has: plan.hasAdvancedFeatures },
  ].filter((feature) => feature.has);
  return (
    <Features>
      {limits.map((l) => (
        <li key={l.key}>
          <span>{l.label}</span>
          <span>{f.limit(l.limit)}</span>
        </li>
      ))}
      {included.map((feature) => (
        <li key={feature.key}>
          <span>{feature.label}</span>
          <CheckIcon size={16} />
        </li>
      ))}
    </Features>
  );
}

function PlanCard({
  offer: { plan, standing, popular, action },
  planChange,
}: {
  offer: PlanOffer;
  planChange: PlanChangeRef;
}) {
  const f = useBillingFormat();
  const noteId = useId();
  const headingId = useId();
  const canSelect = useSelector(planChange, (s) => s.can({ type: 'plan.selected', plan }));
  const name = usePlanName()(plan.name);
  const monthly = f.money(plan.monthlyPrice);
  const yearly = f.money(plan.yearlyPrice);

  return (
    <Tile $standing={standing} aria-labelledby={headingId} data-standing={standing}>
      <Cluster>
        <h3 id={headingId}>{name}</h3>
        {popular && (
          <Badge $tone="primary">
            <Trans>Most popular</Trans>
          </Badge>
        )}
        {standing === 'current' && (
          <Badge $tone="success">
            <Trans>Current plan</Trans>
          </Badge>
        )}
      </Cluster>
      <Price>
        <Trans>
          <strong>{monthly}</strong> / month
        </Trans>
      </Price>
      {offersYearly(plan) && (
        <Muted>
          <Trans>or {yearly} / year</Trans>
        </Muted>
      )}
      {plan.description && <Muted>{plan.description}</Muted>}
      <PlanFeatures plan={plan} />
      <Foot>
        {standing === 'lower' && (
          <Muted id={noteId}>
            <Trans>Your current level is higher than this plan.</Trans>
          </Muted>
        )}
        <Button
          variant={standing === 'open' ? 'primary' : 'secondary'}
          block
          disabled={!canSelect}
          aria-describedby={standing === 'lower' ? noteId : undefined}
          onClick={() => planChange.send({ type: 'plan.selected', plan })}
        >
          {action === 'current' ? (
            <Trans>Current plan</Trans>
          ) : action === 'lower' ? (
            <Trans>Cannot downgrade</Trans>
          ) : action === 'upgrade' ? (
            <Trans>Upgrade to {name}</Trans>
          ) : (
            <Trans>Choose {name}</Trans>
          )}
        </Button>
      </Foot>
    </Tile>
  );
}

function EnterpriseCard({ sales }: { sales: SalesInquiryRef }) {
  const headingId = useId();
  return (
    <Tile $standing="enterprise" aria-labelledby={headingId}>
      <Cluster>
        <h3 id={headingId}>
          <Trans>Enterprise</Trans>
        </h3>
      </Cluster>
      <CustomPrice>
        <Trans>Custom pricing</Trans>
      </CustomPrice>
      <Muted>
        <Trans>For high volume: more numbers, custom limits and dedicated support.</Trans>
      </Muted>
      <Features>
        <li>
          <span>
            <Trans>WhatsApp numbers</Trans>
          </span>
          <span>
            <Trans>10 or more</Trans>
          </span>
        </li>
        <li>
          <span>
            <Trans>AI chats</Trans>
          </span>
          <span>
            <Trans>High volume</Trans>
          </span>
        </li>
      </Features>
      <Foot>
        <Button aria-haspopup="dialog" onClick={() => sales.send({ type: 'sales.opened' })}>
          <MailIcon size={16} />
          <Trans>Talk to sales</Trans>
        </Button>
      </Foot>
    </Tile>
  );
}

/** The plans on offer, lowest level first, then Enterprise; lower levels cannot be chosen. */
export function PlanCards({
  plans,
  planChange,
  sales,
}: {
  plans: PlansRef;
  planChange: PlanChangeRef;
  sales: SalesInquiryRef;
}) {
  const { data: list, status } = useResourceState(plans);
  const loading = status === 'loading';
  // The plan the user is on, as the plan change knows it (its guard decides on the same).
  const current = useSelector(planChange, (s) => s.context.current);
  const offers = useMemo(() => planOffers(list ?? [], current), [list, current]);
  const trialDays = TRIAL_DAYS;

  return (
    <Section aria-labelledby="plans-title" aria-busy={loading}>
      <div>
        <h2 id="plans-title">
          <Trans>Plans</Trans>
        </h2>
        <Muted>
          <Trans>Upgrade at any time. Moving to a lower plan is not available here.</Trans>{' '}
          <Trans>Paid plans start with a {trialDays}-day free trial.</Trans>
        </Muted>
      </div>
      {status === 'failed' && (
        <ErrorPanel
          title={<Trans>Load failed</Trans>}
          message={<Trans>Failed to get membership plans</Trans>}
          onRetry={() => plans.send({ type: 'resource.retry' })}
        />
      )}
      {status === 'empty' && <EmptyState title={<Trans>No membership plans available</Trans>} />}
      <Grid>
        {loading &&
          [0, 1, 2].map((i) => (
            <Tile key={i} $standing="open" aria-hidden="true">
              <Skeleton $h="24px" $w="50%" />
              <Skeleton $h="36px" $w="70%" />
              <Skeleton $h="120px" />
            </Tile>
          ))}
        {!loading &&
          offers.map((offer) => <PlanCard key={offer.plan.id} offer={offer} planChange={planChange} />)}
        <EnterpriseCard sales={sales} />
      </Grid>
    </Section>
  );
}
