import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { instancesMachine } from '../../machines/bindWhatsapp/instances.machine';
import { Alert } from '../ui/Alert';
import { DialogForm, FormFooter, Modal } from '../ui/Dialog';
import { useText } from '../ui/text';
import type { ChatbotOptionsActor } from './ChatbotSelect';
import { InstanceFields } from './InstanceFields';

export type InstancesActor = ActorRefFrom<typeof instancesMachine>;

const Form = styled(DialogForm)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** Rename an instance and change its chatbot (the update call). */
export function SettingsDialog({
  page,
  chatbotOptions,
}: {
  page: InstancesActor;
  chatbotOptions: ChatbotOptionsActor;
}) {
  const text = useText();
  const open = useSelector(page, (s) => s.hasTag('settingsOpen'));
  const saving = useSelector(page, (s) => s.hasTag('settingsOpen') && s.hasTag('busy'));
  const current = useSelector(page, (s) => s.context.target?.instanceName ?? '');
  const name = useSelector(page, (s) => s.context.draftName);
  const chatbotId = useSelector(page, (s) => s.context.draftChatbotId);
  const error = useSelector(page, (s) => s.context.settingsError);
  const canSave = useSelector(page, (s) => s.can({ type: 'settings.saved' }));
  const errorText = error === null ? null : text(error);

  return (
    <Modal
      open={open}
      onClose={() => page.send({ type: 'settings.closed' })}
      title={<Trans>Instance settings</Trans>}
      description={<Trans>Rename {current} or change the chatbot that answers on it.</Trans>}
      width={480}
    >
      <Form busy={saving} onSubmit={() => page.send({ type: 'settings.saved' })}>
        <InstanceFields
          name={name}
          chatbotId={chatbotId}
          chatbotOptions={chatbotOptions}
          disabled={saving}
          onNameChange={(value) => page.send({ type: 'settings.nameChanged', value })}
          onChatbotChange={(value) => page.send({ type: 'settings.chatbotChanged', value })}
        />
        {errorText && (
          <Alert>
            <Trans>The settings could not be saved: {errorText}</Trans>
          </Alert>
        )}
        <FormFooter
          busy={saving}
          canSubmit={canSave}
          cancelDisabled={saving}
          onCancel={() => page.send({ type: 'settings.closed' })}
        >
          {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </FormFooter>
      </Form>
    </Modal>
  );
}
