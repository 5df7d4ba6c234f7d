import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { hasUnsavedChanges } from '../../machines/botSettings/botEditor.machine';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useLeaveGuard } from '../ui/navigationGuard';
import { useEditor, useEditorActor } from './context';
import { DeleteBotDialog } from './DeleteBotDialog';
import { PlaceholderDialog } from './PlaceholderDialog';

/**
 * The questions the screen asks: replace the prompt, discard changes for another bot, save a prompt that still
 * says [Company Name], delete the bot, leave the page.
 */
export function EditorDialogs() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const confirmingTemplate = useEditor((s) => s.hasTag('confirmingTemplate'));
  const confirmingSwitch = useEditor((s) => s.hasTag('confirmingSwitch'));
  const dirty = useEditor(hasUnsavedChanges);
  // Leaving the page is the app's navigation, not the editor's: the pending departure is React state.
  const [leave, setLeave] = useState<(() => void) | null>(null);
  useLeaveGuard(dirty, (proceed) => setLeave(() => proceed));

  return (
    <>
      <ConfirmDialog
        open={confirmingTemplate}
        title={t`Replace the prompt?`}
        description={t`The template replaces everything in the prompt box. Your current text is lost unless you cancel.`}
        confirmLabel={t`Replace prompt`}
        onConfirm={() => actor.send({ type: 'template.confirmed' })}
        onCancel={() => actor.send({ type: 'template.cancelled' })}
      />
      <ConfirmDialog
        open={confirmingSwitch}
        title={t`Discard unsaved changes?`}
        description={t`This chatbot has changes that are not saved. If you continue, they are lost.`}
        confirmLabel={t`Discard changes`}
        onConfirm={() => actor.send({ type: 'switch.confirmed' })}
        onCancel={() => actor.send({ type: 'switch.cancelled' })}
      />
      <PlaceholderDialog />
      <DeleteBotDialog />
      <ConfirmDialog
        open={leave !== null}
        title={t`Leave without saving?`}
        description={t`This chatbot has changes that are not saved. If you leave, they are lost.`}
        confirmLabel={t`Leave without saving`}
        onConfirm={() => {
          const proceed = leave;
          setLeave(null);
          proceed?.();
        }}
        onCancel={() => setLeave(null)}
      />
    </>
  );
}
