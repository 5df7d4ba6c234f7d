import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { planAdminMachine } from '../../machines/membership/planAdmin.machine';
import { useFlow } from '../../machines/useFlow';
import { Button } from '../ui/Button';
import { Card, Muted, ScreenHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorPanel, PanelLoading } from '../ui/Feedback';
import { PlanForm } from './PlanForm';
import { PlanTable } from './PlanTable';

/** Administrators manage the membership plans: create, edit, delete (spec section 2). */
export function MembershipView() {
  const admin = useFlow('planAdmin', planAdminMachine);
  const loading = useSelector(admin, (s) => s.hasTag('loading'));
  const failed = useSelector(admin, (s) => s.hasTag('error'));
  const canCreate = useSelector(admin, (s) => s.can({ type: 'plan.createRequested' }));
  const confirming = useSelector(admin, (s) => s.hasTag('confirm'));
  const deleting = useSelector(admin, (s) => s.hasTag('confirm') && s.hasTag('busy'));
  const planName = useSelector(admin, (s) => s.context.target?.name ?? '');

  return (
    <>
      <ScreenHeader
        title={<Trans>Membership management</Trans>}
        subtitle={
          <Muted>
            <Trans>The plans customers can choose. Only active plans are offered to them.</Trans>
          </Muted>
        }
      >
        <Button
          variant="primary"
          disabled={!canCreate}
          onClick={() => admin.send({ type: 'plan.createRequested' })}
        >
          <Trans>New plan</Trans>
        </Button>
      </ScreenHeader>
      <Card aria-busy={loading}>
        {loading ? (
          <PanelLoading />
        ) : failed ? (
          <ErrorPanel
            title={<Trans>Load failed</Trans>}
            message={<Trans>The plans could not be loaded.</Trans>}
            onRetry={() => admin.send({ type: 'plans.retry' })}
          />
        ) : (
          <PlanTable admin={admin} />
        )}
      </Card>
      <PlanForm admin={admin} />
      <ConfirmDialog
        open={confirming}
        busy={deleting}
        title={<Trans>Confirm delete</Trans>}
        description={
          <Trans>Are you sure you want to delete the plan “{planName}”? This cannot be undone.</Trans>
        }
        confirmLabel={<Trans>Delete</Trans>}
        onConfirm={() => admin.send({ type: 'delete.confirmed' })}
        onCancel={() => admin.send({ type: 'delete.cancelled' })}
      />
    </>
  );
}
