import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { media } from '../ui/theme';
import { useEditor, useEditorActor } from './context';

const Bar = styled.div`
  position: sticky;
  bottom: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  /* Delete stands apart from Discard changes and Save. */
  .delete { margin-right: auto; color: ${({ theme }) => theme.color.danger}; }
  border-radius: 0 0 ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg};
  @media ${media.below('mobile')} {
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  }
`;

/**
 * Discard changes (back to the last saved version, or the defaults of a new bot) and Save settings (a refused
 * save is the editor's event; the form shows its field).
 */
export function EditorFooter() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const saving = useEditor((s) => s.hasTag('saving'));
  const canSave = useEditor((s) => s.can({ type: 'save.requested' }));
  const canDiscard = useEditor((s) => s.can({ type: 'changes.discarded' }));
  const canDelete = useEditor((s) => s.can({ type: 'bot.deleteRequested' }));
  const isSavedBot = useEditor((s) => s.hasTag('editing'));

  return (
    <Bar>
      {isSavedBot && (
        <Button
          variant="ghost"
          className="delete"
          disabled={!canDelete}
          onClick={() => actor.send({ type: 'bot.deleteRequested' })}
        >
          {t`Delete chatbot`}
        </Button>
      )}
      <Button disabled={!canDiscard} onClick={() => actor.send({ type: 'changes.discarded' })}>
        {t`Discard changes`}
      </Button>
      <Button
        variant="primary"
        disabled={!canSave}
        aria-busy={saving}
        onClick={() => actor.send({ type: 'save.requested' })}
      >
        {saving && <Spinner />}
        {saving ? t`Saving…` : t`Save settings`}
      </Button>
    </Bar>
  );
}
