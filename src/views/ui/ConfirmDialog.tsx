import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { DialogFooter, Modal } from './Dialog';
import { Spinner } from './Spinner';

/** "Are you sure?" as an alert dialog: Cancel gets the focus, the destructive action is explicit. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busy = false,
  children,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  /** What the question is about in more detail, between the description and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      role="alertdialog"
      width={440}
    >
      {children}
      <DialogFooter>
        {/* Ariakit picks the initial focus by the attribute; React's autoFocus renders none. */}
        <Button data-autofocus="true" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy && <Spinner />}
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Modal>
  );
}
