import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { botDeleteMachine } from '../../machines/botSettings/botDelete/botDelete.machine';
import { Alert } from '../ui/Alert';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useText } from '../ui/text';
import { useEditor } from './context';

export type BotDeleteActor = ActorRefFrom<typeof botDeleteMachine>;

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  ul { margin: 0; padding-left: 1.25em; }
`;

function Question({ actor }: { actor: BotDeleteActor }) {
  const { t } = useLingui();
  const text = useText();
  const name = useSelector(actor, (s) => s.context.botName);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const deleting = useSelector(actor, (s) => s.hasTag('deleting'));
  const linked = useSelector(actor, (s) => s.context.linked);
  const linkError = useSelector(actor, (s) => s.context.linkError);
  const error = useSelector(actor, (s) => s.context.error);
  const linkReason = linkError ? text(linkError) : null;
  const reason = error ? text(error) : null;

  return (
    <ConfirmDialog
      open
      title={t`Delete ${name}?`}
      description={t`Its settings, prompt history and test chats are deleted. This cannot be undone.`}
      confirmLabel={t`Delete chatbot`}
      busy={checking || deleting}
      onConfirm={() => actor.send({ type: 'delete.confirmed' })}
      onCancel={() => actor.send({ type: 'delete.cancelled' })}
    >
      <Details aria-live="polite" aria-busy={checking}>
        {checking && <p>{t`Checking which WhatsApp numbers use it…`}</p>}
        {linked && linked.length === 0 && <p>{t`No WhatsApp number uses this chatbot.`}</p>}
        {linked && linked.length > 0 && (
          <>
            <p>{t`These WhatsApp numbers use this chatbot:`}</p>
            <ul>
              {linked.map((instance) => (
                <li key={instance.id}>{instance.instanceName}</li>
              ))}
            </ul>
            <p>{t`They stay connected, but stop answering customers until you link another chatbot to them in Bind WhatsApp.`}</p>
          </>
        )}
        {linkReason && (
          <Alert tone="warning">
            {t`Could not check which numbers use it (${linkReason}). Numbers linked to it stay connected but stop answering.`}
          </Alert>
        )}
        {reason && <Alert>{t`The chatbot was not deleted: ${reason}`}</Alert>}
      </Details>
    </ConfirmDialog>
  );
}

/** The delete question, while the editor asks it (its own machine, a child of the editor). */
export function DeleteBotDialog() {
  const actor = useEditor((s) => s.children.botDelete as BotDeleteActor | undefined);
  return actor ? <Question actor={actor} /> : null;
}
