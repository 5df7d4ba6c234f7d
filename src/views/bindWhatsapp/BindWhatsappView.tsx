import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { instanceConnectionMachine } from '../../machines/instanceConnection/instanceConnection.machine';
import { instancesMachine } from '../../machines/instances/instances.machine';
import { signedInUserId } from '../../machines/session/session.machine';
import { useChildFlow, useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Button } from '../ui/Button';
import { Card, PageHeader, PageSubtitle } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState, ErrorPanel, PanelLoading } from '../ui/Feedback';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import type { ChatbotsStatus } from './ChatbotSelect';
import { ConnectionDialog } from './ConnectionDialog';
import { InstanceList } from './InstanceList';
import { SettingsDialog } from './SettingsDialog';

const PlusIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
  >
    <path d="M12 5v14M5 12h14" />
  </svg>
);

export function BindWhatsappView() {
  const text = useText();
  const { t } = useLingui();
  const userId = useSession((s) => signedInUserId(s.context) ?? '');
  const page = useFlow('instances', instancesMachine, { input: { userId } });
  const connection = useChildFlow(page, 'instanceConnection', instanceConnectionMachine);

  const instances = useSelector(page, (s) => s.context.instances);
  const listLoading = useSelector(page, (s) => s.hasTag('listLoading'));
  const listFailed = useSelector(page, (s) => s.hasTag('listFailed'));
  const listError = useSelector(page, (s) => s.context.listError);
  const chatbots = useSelector(page, (s) => s.context.chatbots);
  const chatbotsError = useSelector(page, (s) => s.context.chatbotsError);
  const chatbotsStatus = useSelector(
    page,
    (s): ChatbotsStatus =>
      s.hasTag('chatbotsFailed') ? 'failed' : s.hasTag('chatbotsLoading') ? 'loading' : 'ready',
  );
  const busy = useSelector(page, (s) => s.hasTag('busy'));
  const confirming = useSelector(page, (s) => s.hasTag('confirmingDelete'));
  const deleting = useSelector(page, (s) => s.hasTag('confirmingDelete') && s.hasTag('busy'));
  const deleteName = useSelector(page, (s) => s.context.target?.instanceName ?? '');
  const canAdd = useSelector(connection, (s) => s.can({ type: 'dialog.opened' }));
  const adding = useSelector(connection, (s) => s.hasTag('creating'));

  const add = () => connection.send({ type: 'dialog.opened' });
  const listErrorText = listError === null ? null : text(listError);

  return (
    <>
      <PageHeader>
        <div>
          <h1>
            <Trans>Bind WhatsApp</Trans>
          </h1>
          <PageSubtitle>
            <Trans>Connect WhatsApp numbers by QR code and choose the chatbot that answers on each.</Trans>
          </PageSubtitle>
        </div>
        <Button variant="primary" onClick={add} disabled={!canAdd}>
          {adding ? <Spinner /> : <PlusIcon />}
          <Trans>Add new instance</Trans>
        </Button>
      </PageHeader>

      {listFailed && instances.length === 0 ? (
        <Card>
          <ErrorPanel
            title={<Trans>The instances could not be loaded.</Trans>}
            message={listErrorText}
            onRetry={() => page.send({ type: 'list.reload' })}
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
                <PlusIcon />
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
            onSettings={(id) => page.send({ type: 'settings.opened', id })}
            onDelete={(id) => page.send({ type: 'delete.requested', id })}
            onContinue={(instance) => connection.send({ type: 'dialog.resumed', instance })}
          />
        </section>
      )}

      <ConnectionDialog
        connection={connection}
        chatbots={chatbots}
        chatbotsStatus={chatbotsStatus}
        chatbotsError={chatbotsError === null ? null : text(chatbotsError)}
        onReloadChatbots={() => page.send({ type: 'chatbots.reload' })}
      />
      <SettingsDialog page={page} chatbotsStatus={chatbotsStatus} />
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
