import { Trans } from '@lingui/react/macro';
import { INSTANCE_NAME_MAX_LENGTH } from '../../machines/constants';
import { TextField } from '../ui/Field';
import { type ChatbotOptionsActor, ChatbotSelect } from './ChatbotSelect';

/** What an instance is made of, as the new-binding and settings dialogs both ask it: its name and chatbot. */
export function InstanceFields({
  name,
  chatbotId,
  chatbotOptions,
  disabled,
  onNameChange,
  onChatbotChange,
}: {
  name: string;
  chatbotId: string;
  chatbotOptions: ChatbotOptionsActor;
  disabled: boolean;
  onNameChange: (value: string) => void;
  onChatbotChange: (id: string) => void;
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
        options={chatbotOptions}
        value={chatbotId}
        disabled={disabled}
        onChange={onChatbotChange}
      />
    </>
  );
}
