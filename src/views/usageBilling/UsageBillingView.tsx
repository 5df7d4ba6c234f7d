import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { signedInUserId } from '../../machines/root/session/session.machine';
import {
  billingMachine,
  plansMachine,
  tokensMachine,
} from '../../machines/usageBilling/billing/billing.machine';
import { membershipMachine } from '../../machines/usageBilling/billing/membership';
import { billingDetailsMachine } from '../../machines/usageBilling/billingDetails/billingDetails.machine';
import { billingHistoryMachine } from '../../machines/usageBilling/billingHistory/billingHistory.machine';
import { paymentMethodsMachine } from '../../machines/usageBilling/paymentMethods/paymentMethods.machine';
import { planChangeMachine } from '../../machines/usageBilling/planChange/planChange.machine';
import { salesInquiryMachine } from '../../machines/usageBilling/salesInquiry/salesInquiry.machine';
import { usageMachine } from '../../machines/usageBilling/usage/usage.machine';
import { usageRangeMachine } from '../../machines/usageBilling/usage/usageRange.machine';
import { usageBillingMachine } from '../../machines/usageBilling/usageBilling.machine';
import { useChildFlow, useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Muted, ScreenHeader } from '../ui/Card';
import { MOBILE_QUERY } from '../ui/media';
import { BillingDetailsCard } from './BillingDetailsCard';
import { BillingHistory } from './BillingHistory';
import { CycleDialog } from './CycleDialog';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { PlanCards } from './PlanCards';
import { SubscriptionCard } from './SubscriptionCard';
import { TalkToSalesDialog } from './TalkToSalesDialog';
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
  const usageRange = useChildFlow(screen, 'usageRange', usageRangeMachine);
  const planChange = useChildFlow(screen, 'planChange', planChangeMachine);
  const sales = useChildFlow(screen, 'salesInquiry', salesInquiryMachine);
  const billingDetails = useChildFlow(screen, 'billingDetails', billingDetailsMachine);
  const paymentMethods = useChildFlow(screen, 'paymentMethods', paymentMethodsMachine);
  const history = useChildFlow(screen, 'billingHistory', billingHistoryMachine);
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
        <PlanCards plans={plans} planChange={planChange} sales={sales} />
        <UsageDetails membership={membership} usage={usage} range={usageRange} />
        <TopGrid>
          <PaymentMethodsCard paymentMethods={paymentMethods} />
          <BillingDetailsCard details={billingDetails} />
        </TopGrid>
        <BillingHistory history={history} />
      </Stack>
      <CycleDialog planChange={planChange} />
      <TalkToSalesDialog sales={sales} />
    </>
  );
}
