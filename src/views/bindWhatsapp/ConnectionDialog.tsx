import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { instanceConnectionMachine } from '../../machines/bindWhatsapp/instanceConnection/instanceConnection.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DialogFooter, DialogForm, FormFooter, Modal } from '../ui/Dialog';
import { useText } from '../ui/text';
import { media } from '../ui/theme';
import type { ChatbotOptionsActor } from './ChatbotSelect';
import { ConnectionStatus, SetupGuide } from './ConnectionStatus';
import { CreateFailed } from './CreateFailed';
import { linkStateOf } from './connectionState';
import { InstanceFields } from './InstanceFields';
import { QrPanel } from './QrPanel';

export type ConnectionActor = ActorRefFrom<typeof instanceConnectionMachine>;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 296px;
  align-items: start;
  gap: ${({ theme }) => theme.space(5)};
  @media ${media.below('md')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Column = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The dialog of one binding: name and chatbot, the QR code, where the connection stands and how to scan. */
export function ConnectionDialog({
  connection,
  chatbotOptions,
}: {
  connection: ConnectionActor;
  chatbotOptions: ChatbotOptionsActor;
}) {
  const text = useText();
  const state = useSelector(connection, linkStateOf);
  const name = useSelector(connection, (s) => s.context.name);
  const chatbotId = useSelector(connection, (s) => s.context.chatbotId);
  const qrCode = useSelector(connection, (s) => s.context.qrCode);
  const polling = useSelector(connection, (s) => s.hasTag('polling'));
  const pollError = useSelector(connection, (s) => s.context.pollError);
  const createError = useSelector(connection, (s) => s.context.createError);
  const refusal = useSelector(connection, (s) => s.context.refusal);
  const saveError = useSelector(connection, (s) => s.context.saveError);
  const saving = useSelector(connection, (s) => s.hasTag('saving'));
  const hasInstance = useSelector(connection, (s) => s.context.instance !== null);
  const canConfirm = useSelector(connection, (s) => s.can({ type: 'instance.confirmed' }));
  const canRefresh = useSelector(connection, (s) => s.can({ type: 'qr.refreshRequested' }));
  const send = connection.send;

  const pollText = pollError === null ? null : text(pollError);
  const saveText = saveError === null ? null : text(saveError);
  const formLocked = saving || !hasInstance;

  return (
    <Modal
      open={state !== 'closed'}
      onClose={() => send({ type: 'dialog.closed' })}
      title={<Trans>Connect a WhatsApp number</Trans>}
      description={<Trans>Scan the code with the phone of the number, then link it to a chatbot.</Trans>}
      width={860}
    >
      {state === 'createFailed' ? (
        <>
          <CreateFailed failure={createError} onRetry={() => send({ type: 'create.retried' })} />
          <DialogFooter>
            <Button onClick={() => send({ type: 'dialog.closed' })}>
              <Trans>Close</Trans>
            </Button>
          </DialogFooter>
        </>
      ) : (
        <DialogForm busy={saving} onSubmit={() => send({ type: 'instance.confirmed' })}>
          <Column>
            <Body>
              <Column>
                <InstanceFields
                  name={name}
                  chatbotId={chatbotId}
                  chatbotOptions={chatbotOptions}
                  disabled={formLocked}
                  onNameChange={(value) => send({ type: 'name.changed', value })}
                  onChatbotChange={(value) => send({ type: 'chatbot.changed', value })}
                />
                <ConnectionStatus state={state} refusal={refusal === null ? null : text(refusal)} />
                <SetupGuide />
              </Column>
              <QrPanel
                state={state}
                qrCode={qrCode}
                polling={polling}
                pollWarning={state === 'waiting' ? pollText : null}
                pollError={pollText}
                canRefresh={canRefresh}
                onRefresh={() => send({ type: 'qr.refreshRequested' })}
              />
            </Body>
            {saveText && (
              <Alert>
                <Trans>The instance could not be saved: {saveText}</Trans>
              </Alert>
            )}
            <FormFooter busy={saving} canSubmit={canConfirm} onCancel={() => send({ type: 'dialog.closed' })}>
              {saving ? <Trans>Creating…</Trans> : <Trans>Confirm</Trans>}
            </FormFooter>
          </Column>
        </DialogForm>
      )}
    </Modal>
  );
}
