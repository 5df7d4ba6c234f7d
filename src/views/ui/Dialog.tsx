import { Dialog as AriakitDialog, DialogDescription, DialogDismiss, DialogHeading } from '@ariakit/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CSSProperties, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, IconButton } from './Button';
import { CloseIcon } from './icons';
import { Spinner } from './Spinner';

const Panel = styled(AriakitDialog)<{ $width: number }>`
  position: fixed;
  inset: 0;
  z-index: 50;
  margin: auto;
  width: min(${({ $width }) => $width}px, calc(100vw - 24px));
  height: fit-content;
  max-height: calc(100vh - 32px);
  overflow: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.pop};
  &:focus-visible { outline: none; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 49;
  background: ${({ theme }) => theme.color.overlay};
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  p { color: ${({ theme }) => theme.color.textMuted}; margin-top: ${({ theme }) => theme.space(1)}; }
`;

const Title = styled(DialogHeading)`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

export const DialogFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * A dialog's form. The machine checks what was typed, not the browser (noValidate); submitting sends the
 * form's event instead of loading a page; it is busy while saving.
 */
export function DialogForm({
  busy,
  onSubmit,
  className,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-busy={busy}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A dialog form's Cancel and its submit button, which spins while the form is busy. */
export function FormFooter({
  busy,
  canSubmit,
  cancelDisabled = false,
  onCancel,
  style,
  children,
}: {
  busy: boolean;
  canSubmit: boolean;
  cancelDisabled?: boolean;
  onCancel: () => void;
  style?: CSSProperties;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <DialogFooter style={style}>
      <Button onClick={onCancel} disabled={cancelDisabled}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant="primary" disabled={!canSubmit}>
        {busy && <Spinner />}
        {children}
      </Button>
    </DialogFooter>
  );
}

/**
 * Marks an element outside the page that stays usable while a modal dialog is open (the demo's QA tools).
 * It must be in the document when the dialog opens.
 */
export const MODAL_PERSISTENT = 'data-modal-persistent';
const persistentElements = () => document.querySelectorAll(`[${MODAL_PERSISTENT}]`);

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
  /** alertdialog for confirmations: focus goes to the least destructive action first. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog controlled from outside (machine state decides `open`; closing sends an event).
 * Focus is trapped inside and returns to the opener; Escape and the close button call onClose.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  width = 520,
  role = 'dialog',
}: ModalProps) {
  const { t } = useLingui();
  return (
    <Panel
      open={open}
      onClose={onClose}
      role={role}
      $width={width}
      backdrop={<Backdrop />}
      getPersistentElements={persistentElements}
      unmountOnHide
    >
      <Head>
        <div>
          <Title>{title}</Title>
          {description && <DialogDescription>{description}</DialogDescription>}
        </div>
        <DialogDismiss render={<IconButton variant="ghost" size="sm" aria-label={t`Close`} />}>
          <CloseIcon size={18} />
        </DialogDismiss>
      </Head>
      {children}
    </Panel>
  );
}
