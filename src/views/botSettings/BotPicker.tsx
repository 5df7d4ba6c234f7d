import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { offersNewBot } from '../../machines/botSettings/botEditor.machine';
import { MAX_CHATBOTS } from '../../machines/constants';
import { Muted } from '../ui/Card';
import { SelectField } from '../ui/Field';
import { useEditor, useEditorActor } from './context';

/** The option value standing for "a new chatbot" (bot ids are never empty, so this cannot clash). */
const NEW = '';
/** Shown while the address names a bot the user does not have; never sent. */
const NONE = '\u0000none';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  width: min(320px, 100%);
`;

/** The user's chatbots plus New (offered only below the limit). */
export function BotPicker() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const listed = useEditor((s) => !s.matches('loading') && !s.matches('loadFailed'));
  // The address named a bot that is not the user's: none of theirs is chosen.
  const notFound = useEditor((s) => s.hasTag('botNotFound'));
  const bots = useEditor((s) => s.context.bots);
  const selectedId = useEditor((s) => s.context.selectedId);
  const offersNew = useEditor((s) => offersNewBot(s.context));
  const busy = useEditor((s) => s.hasTag('loading') || s.hasTag('saving'));
  if (!listed) return null;

  const isNew = selectedId === null && !notFound;
  return (
    <Box>
      <SelectField
        label={t`Chatbot`}
        value={notFound ? NONE : (selectedId ?? NEW)}
        disabled={busy}
        onChange={(e) =>
          actor.send(
            e.target.value === NEW
              ? { type: 'bot.newRequested' }
              : { type: 'bot.selected', id: e.target.value },
          )
        }
      >
        {notFound && (
          <option value={NONE} disabled>
            {t`Choose a chatbot`}
          </option>
        )}
        {bots.map((bot) => (
          <option key={bot.id} value={bot.id}>
            {bot.name}
          </option>
        ))}
        {(isNew || offersNew) && (
          <option value={NEW}>{isNew ? t`New chatbot (not saved yet)` : t`+ New chatbot`}</option>
        )}
      </SelectField>
      {!offersNew && <Muted>{t`You have ${MAX_CHATBOTS} chatbots, the most an account can have.`}</Muted>}
    </Box>
  );
}
