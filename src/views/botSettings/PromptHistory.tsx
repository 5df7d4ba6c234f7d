import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo, useState } from 'react';
import { historyEntries } from '../../machines/botSettings/promptHistory';
import { Button } from '../ui/Button';
import { useEditor, useEditorActor } from './context';

// The viewer and its diff library load when first opened.
const PromptHistoryDialog = lazy(() => import('./PromptHistoryDialog'));

/** "Prompt history": opens the viewer; a restore goes to the editor and closes it. */
export function PromptHistory() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const [open, setOpen] = useState(false);
  const history = useEditor((s) => s.context.history);
  const prompt = useEditor((s) => s.context.form.prompt);
  const savedBot = useEditor((s) => s.context.selectedId !== null);
  const entries = useMemo(() => historyEntries(history, prompt, savedBot), [history, prompt, savedBot]);

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t`Prompt history`}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PromptHistoryDialog
            open
            entries={entries}
            current={prompt}
            older={history.older}
            onClose={() => setOpen(false)}
            onRestore={(key) => {
              actor.send({ type: 'history.restored', key });
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
