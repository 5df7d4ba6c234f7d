import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import {
  billingMachine,
  membershipMachine,
  plansMachine,
  tokensMachine,
} from '../../machines/billing/billing.machine';
import { planChangeMachine } from '../../machines/planChange/planChange.machine';
import { signedInUserId } from '../../machines/session/session.machine';
import { usageMachine } from '../../machines/usage/usage.machine';
import { usageBillingMachine } from '../../machines/usageBilling/usageBilling.machine';
import { useChildFlow, useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Muted, ScreenHeader } from '../ui/Card';
import { MOBILE_QUERY } from '../ui/media';
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
  const userId = useSession((s) => signedInUserId(s.context));
  // session_id in the address: the payment provider sent the user back here.
  const [returnSessionId] = useState(() => new URLSearchParams(location.search).get('session_id'));
  const screen = useFlow('usageBilling', usageBillingMachine, { input: { userId, returnSessionId } });
  const billing = useChildFlow(screen, 'billing', billingMachine);
  const usage = useChildFlow(screen, 'usage', usageMachine);
  const planChange = useChildFlow(screen, 'planChange', planChangeMachine);
  const membership = useChildFlow(billing, membershipMachine.id, membershipMachine);
  const tokens = useChildFlow(billing, tokensMachine.id, tokensMachine);
  const plans = useChildFlow(billing, plansMachine.id, plansMachine);

  return (
    <>
      <ScreenHeader
        title={<Trans>Usage and billing</Trans>}
        subtitle={
          <Muted>
            <Trans>See what you use, and change your plan when you need more.</Trans>
          </Muted>
        }
      />
      <Stack>
        <TopGrid>
          <SubscriptionCard billing={billing} membership={membership} tokens={tokens} />
          <UsageSummary membership={membership} usage={usage} />
        </TopGrid>
        <PlanCards plans={plans} planChange={planChange} />
        <UsageDetails membership={membership} usage={usage} />
      </Stack>
      <CycleDialog planChange={planChange} />
    </>
  );
}
