import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { chatbotOptionsMachine } from '../../machines/bindWhatsapp/instances.machine';
import { PATHS } from '../../machines/paths';
import { RetryButton } from '../ui/Feedback';
import { Label, SelectField } from '../ui/Field';
import { useText } from '../ui/text';
import { useResourceState } from '../ui/useResource';

/** The user's chatbots, as the screen's machine loads them. */
export type ChatbotOptionsActor = ActorRefFrom<typeof chatbotOptionsMachine>;

const Note = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  justify-items: start;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * The user's chatbots as a labelled select. With none yet it says so and links to where one is made; when
 * they could not be loaded it says that, with a retry.
 */
export function ChatbotSelect({
  options,
  value,
  disabled,
  onChange,
}: {
  options: ChatbotOptionsActor;
  value: string;
  disabled?: boolean;
  onChange: (id: string) => void;
}) {
  const { t } = useLingui();
  const text = useText();
  const { data, error: failure, status } = useResourceState(options);
  const chatbots = data ?? [];
  if (status === 'failed') {
    const error = failure === null ? null : text(failure);
    return (
      <div>
        <Label as="p">
          <Trans>Chatbot</Trans>
        </Label>
        <Note role="alert">
          <span>
            <Trans>Your chatbots could not be loaded: {error}</Trans>
          </span>
          <RetryButton onRetry={() => options.send({ type: 'resource.reload' })} />
        </Note>
      </div>
    );
  }
  if (status === 'ready' && chatbots.length === 0) {
    return (
      <div>
        <Label as="p">
          <Trans>Chatbot</Trans>
        </Label>
        <Note>
          <span>
            <Trans>
              You have no chatbots yet. Create one first; it will answer the messages this number receives.
            </Trans>
          </span>
          <Link href={PATHS.botSettings}>
            <Trans>Create a chatbot in Bot settings</Trans>
          </Link>
        </Note>
      </div>
    );
  }
  // An instance may point at a chatbot the list does not hold (deleted since): offer to pick another.
  const known = value === '' || chatbots.some((b) => b.id === value);
  return (
    <SelectField
      label={<Trans>Chatbot</Trans>}
      hint={<Trans>The chatbot that answers messages sent to this number.</Trans>}
      value={known ? value : ''}
      required
      disabled={disabled || status === 'loading'}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{status === 'loading' ? t`Loading chatbots…` : t`Choose a chatbot`}</option>
      {chatbots.map((bot) => (
        <option key={bot.id} value={bot.id}>
          {bot.name}
        </option>
      ))}
    </SelectField>
  );
}
