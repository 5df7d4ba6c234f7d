import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { MAX_SAVED_REPLY_LENGTH, MAX_SHORTCUT_LENGTH } from '../../api/schemas/savedReplies';
import type { savedRepliesMachine } from '../../machines/chatHistory/savedReplies/savedReplies.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DialogFooter, Modal } from '../ui/Dialog';
import { EmptyState } from '../ui/Feedback';
import { TextAreaField, TextField } from '../ui/Field';
import { useText } from '../ui/text';

/** The editor's name, bold (not a heading: the dialog's own heading level is Ariakit's). */
const EditorTitle = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

type SavedRepliesActor = ActorRefFrom<typeof savedRepliesMachine>;

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.color.textMuted}; overflow-wrap: anywhere; }
`;

/** The team's saved replies: add, change and delete them. */
export default function SavedRepliesDialog({
  actor,
  open,
  onClose,
}: {
  actor: SavedRepliesActor;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const text = useText();
  const view = useSelector(
    actor,
    (s) => ({
      replies: s.context.replies,
      editing: s.context.editing,
      error: s.context.error,
      busy: s.hasTag('busy'),
    }),
    shallowEqual,
  );
  const { editing } = view;
  const editorTitle = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`Saved replies`}
      description={t`Type “/” and a shortcut in a reply to insert one.`}
      width={640}
    >
      {view.replies.length === 0 && !editing && (
        <EmptyState title={<Trans>No saved replies yet</Trans>}>
          <Trans>Save the answers your team gives most often.</Trans>
        </EmptyState>
      )}
      <Rows aria-label={t`Saved replies`}>
        {view.replies.map((r) => (
          <li key={r.id}>
            <div>
              <strong>/{r.shortcut}</strong>
              <p>{r.text}</p>
            </div>
            <div>
              <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'reply.edit', id: r.id })}>
                {t`Edit /${r.shortcut}`}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={view.busy}
                onClick={() => actor.send({ type: 'reply.delete', id: r.id })}
              >
                {t`Delete /${r.shortcut}`}
              </Button>
            </div>
          </li>
        ))}
      </Rows>
      {editing ? (
        <form
          aria-labelledby={editorTitle}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'editor.save' });
          }}
        >
          <EditorTitle id={editorTitle}>
            {editing.id ? t`Change the saved reply` : t`New saved reply`}
          </EditorTitle>
          <TextField
            label={<Trans>Shortcut</Trans>}
            hint={<Trans>One word, typed after “/”.</Trans>}
            maxLength={MAX_SHORTCUT_LENGTH}
            value={editing.shortcut}
            onChange={(e) => actor.send({ type: 'editor.changed', patch: { shortcut: e.target.value } })}
          />
          <TextAreaField
            label={<Trans>Reply</Trans>}
            rows={3}
            maxLength={MAX_SAVED_REPLY_LENGTH}
            value={editing.text}
            onChange={(e) => actor.send({ type: 'editor.changed', patch: { text: e.target.value } })}
          />
          {view.error && <Alert>{text(view.error)}</Alert>}
          <DialogFooter>
            <Button onClick={() => actor.send({ type: 'editor.cancel' })}>{t`Cancel`}</Button>
            <Button type="submit" variant="primary" disabled={view.busy}>
              {t`Save reply`}
            </Button>
          </DialogFooter>
        </form>
      ) : (
        <>
          {view.error && <Alert>{text(view.error)}</Alert>}
          <DialogFooter>
            <Button onClick={onClose}>{t`Close`}</Button>
            <Button variant="primary" onClick={() => actor.send({ type: 'reply.new' })}>
              {t`Add a saved reply`}
            </Button>
          </DialogFooter>
        </>
      )}
    </Modal>
  );
}
