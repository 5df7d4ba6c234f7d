import { Trans } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { billingMachine } from '../../machines/billing/billing.machine';
import { readCheckoutSession, rememberCheckoutSession } from '../../machines/billing/links';
import { planChangeMachine } from '../../machines/planChange/planChange.machine';
import { signedInUserId } from '../../machines/session/session.machine';
import { usageMachine } from '../../machines/usage/usage.machine';
import { useFlow } from '../../machines/useFlow';
import { SessionContext } from '../ui/appActors';
import { Muted, PageHeader } from '../ui/Card';
import { MOBILE_QUERY } from '../ui/media';
import { clearQuery, goTo, reloadPage, returnedSessionId } from './browser';
import { CycleDialog } from './CycleDialog';
import { PlanCards } from './PlanCards';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageDetails } from './UsageDetails';
import { UsageSummary } from './UsageSummary';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const TopGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  @media ${MOBILE_QUERY} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export function UsageBillingView() {
  const userId = SessionContext.useSelector((s) => signedInUserId(s.context));
  const [returnSessionId] = useState(returnedSessionId);

  const billingLogic = useMemo(
    () => billingMachine.provide({ actions: { openManagement: (_, { url }) => goTo(url) } }),
    [],
  );
  const billing = useFlow('billing', billingLogic, {
    input: { checkoutSessionId: readCheckoutSession(userId) },
  });
  const usage = useFlow('usage', usageMachine, { input: {} });
  const planChangeLogic = useMemo(
    () =>
      planChangeMachine.provide({
        actions: {
          redirect: (_, { url }) => goTo(url),
          reload: reloadPage,
          clearQuery,
          rememberSession: (_, { sessionId }) => {
            rememberCheckoutSession(userId, sessionId);
            billing.send({ type: 'subscription.sessionKnown', sessionId });
          },
          refreshMembership: () => billing.send({ type: 'membership.refresh' }),
        },
      }),
    [billing, userId],
  );
  const planChange = useFlow('planChange', planChangeLogic, { input: { returnSessionId } });

  return (
    <>
      <PageHeader>
        <div>
          <h1>
            <Trans>Usage and billing</Trans>
          </h1>
          <Muted>
            <Trans>See what you use, and change your plan when you need more.</Trans>
          </Muted>
        </div>
      </PageHeader>
      <Stack>
        <TopGrid>
          <SubscriptionCard billing={billing} />
          <UsageSummary billing={billing} usage={usage} />
        </TopGrid>
        <PlanCards billing={billing} planChange={planChange} />
        <UsageDetails billing={billing} usage={usage} />
      </Stack>
      <CycleDialog planChange={planChange} />
    </>
  );
}
