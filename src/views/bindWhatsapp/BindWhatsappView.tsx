import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { instanceConnectionMachine } from '../../machines/bindWhatsapp/instanceConnection/instanceConnection.machine';
import {
  type ChatbotOption,
  chatbotOptionsMachine,
  instanceListMachine,
  instancesMachine,
} from '../../machines/bindWhatsapp/instances.machine';
import { type FullPlan, fullPlan } from '../../machines/bindWhatsapp/planRoom';
import { signedInUserId } from '../../machines/root/session/session.machine';
import { useChildFlow, useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Button } from '../ui/Button';
import { Card, PageSubtitle, ScreenHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState, ErrorPanel, PanelLoading } from '../ui/Feedback';
import { PlusIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import { useResource } from '../ui/useResource';
import { ConnectionDialog } from './ConnectionDialog';
import { InstanceList } from './InstanceList';
import { PlanLimitNotice } from './PlanLimitNotice';
import { SettingsDialog } from './SettingsDialog';

const NO_CHATBOTS: ChatbotOption[] = [];
const samePlan = (a: FullPlan | null, b: FullPlan | null) =>
  a === b || (a !== null && b !== null && a.planName === b.planName && a.limit === b.limit);

export function BindWhatsappView() {
  const text = useText();
  const { t } = useLingui();
  const userId = useSession((s) => signedInUserId(s.context) ?? '');
  const page = useFlow('instances', instancesMachine, { input: { userId } });
  const connection = useChildFlow(page, 'instanceConnection', instanceConnectionMachine);

  const list = useResource(page, instanceListMachine);
  const chatbotOptions = useChildFlow(page, chatbotOptionsMachine.id, chatbotOptionsMachine);
  const instances = list.data ?? [];
  const listLoading = list.status === 'loading';
  const chatbots = useSelector(chatbotOptions, (s) => s.context.data) ?? NO_CHATBOTS;
  const busy = useSelector(page, (s) => s.hasTag('busy'));
  const confirming = useSelector(page, (s) => s.hasTag('confirmingDelete'));
  const deleting = useSelector(page, (s) => s.hasTag('confirmingDelete') && s.hasTag('busy'));
  const deleteName = useSelector(page, (s) => s.context.target?.instanceName ?? '');
  const full = useSelector(page, (s) => fullPlan(s.context.allowance, s.context.instances), samePlan);
  const dialogFree = useSelector(connection, (s) => s.can({ type: 'dialog.opened' }));
  // Whether the plan has room is the page's guard to say, not the view's to recompute.
  const canAdd = useSelector(page, (s) => s.can({ type: 'add.requested' })) && dialogFree;
  const adding = useSelector(connection, (s) => s.hasTag('creating'));

  const add = () => page.send({ type: 'add.requested' });

  return (
    <>
      <ScreenHeader
        title={<Trans>Bind WhatsApp</Trans>}
        subtitle={
          <PageSubtitle>
            <Trans>Connect WhatsApp numbers by QR code and choose the chatbot that answers on each.</Trans>
          </PageSubtitle>
        }
      >
        <Button variant="primary" onClick={add} disabled={!canAdd}>
          {adding ? <Spinner /> : <PlusIcon size={16} strokeWidth={2} />}
          <Trans>Add new instance</Trans>
        </Button>
      </ScreenHeader>

      {full && <PlanLimitNotice plan={full} />}

      {list.status === 'failed' && instances.length === 0 ? (
        <Card>
          <ErrorPanel
            title={<Trans>The instances could not be loaded.</Trans>}
            message={list.error === null ? null : text(list.error)}
            onRetry={() => list.actor.send({ type: 'resource.retry' })}
            retrying={listLoading}
          />
        </Card>
      ) : listLoading && instances.length === 0 ? (
        <Card>
          <PanelLoading>
            <Trans>Loading instances…</Trans>
          </PanelLoading>
        </Card>
      ) : instances.length === 0 ? (
        <Card>
          <EmptyState
            title={<Trans>No WhatsApp numbers yet</Trans>}
            action={
              <Button variant="primary" onClick={add} disabled={!canAdd}>
                <PlusIcon size={16} strokeWidth={2} />
                <Trans>Add new instance</Trans>
              </Button>
            }
          >
            <Trans>
              Add an instance and scan its QR code with the phone of the number you want to connect.
            </Trans>
          </EmptyState>
        </Card>
      ) : (
        <section aria-label={t`Your instances`} aria-busy={listLoading}>
          <InstanceList
            instances={instances}
            chatbots={chatbots}
            disabled={busy}
            canContinue={(id) => page.getSnapshot().can({ type: 'setup.resumed', id })}
            onSettings={(id) => page.send({ type: 'settings.opened', id })}
            onDelete={(id) => page.send({ type: 'delete.requested', id })}
            onContinue={(id) => page.send({ type: 'setup.resumed', id })}
          />
        </section>
      )}

      <ConnectionDialog connection={connection} chatbotOptions={chatbotOptions} />
      <SettingsDialog page={page} chatbotOptions={chatbotOptions} />
      <ConfirmDialog
        open={confirming}
        busy={deleting}
        title={<Trans>Delete this instance?</Trans>}
        description={
          <Trans>
            {deleteName} will be logged out of WhatsApp and removed from your list. Its chatbot stops
            answering messages sent to this number.
          </Trans>
        }
        confirmLabel={<Trans>Delete</Trans>}
        onConfirm={() => page.send({ type: 'delete.confirmed' })}
        onCancel={() => page.send({ type: 'delete.cancelled' })}
      />
    </>
  );
}
