import { Plural, Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { FullPlan } from '../../machines/bindWhatsapp/planRoom';
import { PATHS } from '../../machines/paths';
import { Alert } from '../ui/Alert';
import { usePlanName } from '../ui/planName';

const Spaced = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** Said before any code is shown: the plan's numbers are all connected, and the two ways on. */
export function PlanLimitNotice({ plan }: { plan: FullPlan }) {
  const planName = usePlanName()(plan.planName);
  const limit = plan.limit;
  return (
    <Spaced>
      <Alert tone="info" data-testid="plan-limit">
        <p>
          <Plural
            value={limit}
            _0={`Your ${planName} plan does not include connected numbers.`}
            one={`Your ${planName} plan allows # connected number, and it is in use.`}
            other={`Your ${planName} plan allows # connected numbers, and all are in use.`}
          />{' '}
          <Trans>To connect another, delete an instance or upgrade your plan.</Trans>{' '}
          <Link href={PATHS.usageBilling}>
            <Trans>Upgrade your plan</Trans>
          </Link>
        </p>
      </Alert>
    </Spaced>
  );
}
