import { Trans } from '@lingui/react/macro';
import { INSTANCE_NAME_MAX_LENGTH } from '../../machines/constants';
import type { ChatbotOption } from '../../machines/instances/instances.machine';
import { TextField } from '../ui/Field';
import { ChatbotSelect, type ChatbotsStatus } from './ChatbotSelect';

/** What an instance is made of, as the new-binding and settings dialogs both ask it: its name and chatbot. */
export function InstanceFields({
  name,
  chatbotId,
  chatbots,
  chatbotsStatus,
  chatbotsError,
  disabled,
  onNameChange,
  onChatbotChange,
  onReloadChatbots,
}: {
  name: string;
  chatbotId: string;
  chatbots: ChatbotOption[];
  chatbotsStatus: ChatbotsStatus;
  chatbotsError: string | null;
  disabled: boolean;
  onNameChange: (value: string) => void;
  onChatbotChange: (id: string) => void;
  onReloadChatbots: () => void;
}) {
  return (
    <>
      <TextField
        label={<Trans>Instance name</Trans>}
        name="instanceName"
        required
        maxLength={INSTANCE_NAME_MAX_LENGTH}
        autoComplete="off"
        value={name}
        disabled={disabled}
        onChange={(e) => onNameChange(e.target.value)}
      />
      <ChatbotSelect
        chatbots={chatbots}
        status={chatbotsStatus}
        error={chatbotsError}
        value={chatbotId}
        disabled={disabled}
        onChange={onChatbotChange}
        onReload={onReloadChatbots}
      />
    </>
  );
}
