import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { ScheduleType, type ScheduleTypeCode } from '../../api/schemas/payments';
import {
  monthlyEquivalent,
  offersYearly,
  type planChangeMachine,
  yearlySaving,
} from '../../machines/usageBilling/planChange/planChange.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DialogFooter, Modal } from '../ui/Dialog';
import { Badge } from '../ui/Feedback';
import { usePlanName } from '../ui/planName';
import { Spinner } from '../ui/Spinner';
import { useBillingFormat } from './useBillingFormat';

type PlanChangeRef = ActorRefFrom<typeof planChangeMachine>;

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Option = styled.button`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  justify-items: start;
  text-align: left;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  strong { font-size: ${({ theme }) => theme.font.size.lg}; }
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.color.primary}; background: ${({ theme }) => theme.color.surfaceHover}; }
  &:disabled { cursor: not-allowed; }
  &[aria-busy='true'] { border-color: ${({ theme }) => theme.color.primary}; }
`;

const Title = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Note = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

function CycleOption({
  scheduleType,
  planChange,
  title,
  children,
}: {
  scheduleType: ScheduleTypeCode;
  planChange: PlanChangeRef;
  title: ReactNode;
  children: ReactNode;
}) {
  const enabled = useSelector(planChange, (s) => s.can({ type: 'cycle.chosen', scheduleType }));
  const busy = useSelector(planChange, (s) => s.hasTag('busy') && s.context.scheduleType === scheduleType);
  return (
    <Option
      type="button"
      disabled={!enabled}
      aria-busy={busy}
      onClick={() => planChange.send({ type: 'cycle.chosen', scheduleType })}
    >
      <Title>
        {busy && <Spinner />}
        {title}
      </Title>
      {children}
    </Option>
  );
}

/** Monthly or yearly for the chosen plan, then on to payment. */
export function CycleDialog({ planChange }: { planChange: PlanChangeRef }) {
  const { t } = useLingui();
  const f = useBillingFormat();
  const open = useSelector(planChange, (s) => s.hasTag('dialog'));
  const plan = useSelector(planChange, (s) => s.context.plan);
  const failed = useSelector(planChange, (s) => s.hasTag('error'));
  const redirecting = useSelector(planChange, (s) => s.hasTag('redirecting'));
  // Back from the provider, the browser may show this page exactly as it was left, dialog and all.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) planChange.send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [planChange]);

  const planName = usePlanName();
  const name = plan ? planName(plan.name) : '';
  const monthly = plan ? f.money(plan.monthlyPrice) : '';
  const yearly = plan ? f.money(plan.yearlyPrice) : '';
  const saving = plan ? yearlySaving(plan) : 0;
  const savingText = f.money(saving);
  // The spec's one decimal is the amount (249.2), shown as money is shown: $249.20.
  const perMonth = plan ? f.money(monthlyEquivalent(plan)) : '';

  return (
    <Modal
      open={open}
      onClose={() => planChange.send({ type: 'dialog.closed' })}
      title={t`Choose a billing cycle`}
      description={<Trans>You are subscribing to {name}.</Trans>}
    >
      {plan && (
        <Options role="group" aria-label={t`Billing cycle`}>
          <CycleOption
            scheduleType={ScheduleType.monthly}
            planChange={planChange}
            title={<Trans>Monthly</Trans>}
          >
            <strong>{monthly}</strong>
            <Note>
              <Trans>Billed every month</Trans>
            </Note>
          </CycleOption>
          {offersYearly(plan) && (
            <CycleOption
              scheduleType={ScheduleType.yearly}
              planChange={planChange}
              title={
                <>
                  <Trans>Yearly</Trans>
                  {saving > 0 && (
                    <Badge $tone="success">
                      <Trans>Save {savingText}</Trans>
                    </Badge>
                  )}
                </>
              }
            >
              <strong>{yearly}</strong>
              <Note>
                <Trans>Billed once a year, {perMonth} per month</Trans>
              </Note>
            </CycleOption>
          )}
        </Options>
      )}
      {failed && (
        <Alert>
          <Trans>Payment failed. Unable to start payment process, please try again later.</Trans>
        </Alert>
      )}
      {redirecting && (
        <Alert tone="info">
          <Trans>Taking you to the secure checkout…</Trans>
        </Alert>
      )}
      <DialogFooter>
        <Button onClick={() => planChange.send({ type: 'dialog.closed' })}>
          <Trans>Cancel</Trans>
        </Button>
      </DialogFooter>
    </Modal>
  );
}
