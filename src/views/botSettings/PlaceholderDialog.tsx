import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { COMPANY_PLACEHOLDER } from '../../machines/botSettings/companyPlaceholder';
import { Button } from '../ui/Button';
import { DialogFooter, DialogForm, Modal } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { useEditor, useEditorActor } from './context';

const Form = styled(DialogForm)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The question itself, mounted while it is asked: the name typed starts empty each time. */
function Question() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const [company, setCompany] = useState('');
  // The editor's rule (a name is needed), asked with what is typed now.
  const canFill = useEditor((s) => s.can({ type: 'placeholder.filled', company }));
  const placeholder = COMPANY_PLACEHOLDER;
  const cancel = () => actor.send({ type: 'placeholder.cancelled' });

  return (
    <Modal
      open
      onClose={cancel}
      title={t`Your prompt still says ${placeholder}`}
      description={t`Customers would read ${placeholder} in the bot's answers. Type your company's name to put it in every place, or save the prompt as it is.`}
    >
      <Form
        busy={false}
        onSubmit={() => {
          if (canFill) actor.send({ type: 'placeholder.filled', company });
        }}
      >
        <TextField
          label={t`Company name`}
          value={company}
          autoComplete="organization"
          data-autofocus="true"
          onChange={(e) => setCompany(e.target.value)}
        />
        <DialogFooter>
          <Button onClick={cancel}>{t`Keep editing`}</Button>
          <Button onClick={() => actor.send({ type: 'placeholder.ignored' })}>{t`Save anyway`}</Button>
          <Button type="submit" variant="primary" disabled={!canFill}>
            {t`Fill in and save`}
          </Button>
        </DialogFooter>
      </Form>
    </Modal>
  );
}

/** Saving a prompt that still says [Company Name] asks first (the editor's confirmingPlaceholder). */
export function PlaceholderDialog() {
  const asking = useEditor((s) => s.hasTag('confirmingPlaceholder'));
  return asking ? <Question /> : null;
}
