/**
 * A modal dialog on the native <dialog> element (focus kept inside, Esc closes), and a ready-made
 * confirmation built on it.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n.js';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons; a form submit inside calls `onSubmit`. */
  footer: ReactNode;
  onSubmit?: () => void;
  testId?: string;
  wide?: boolean;
}

export function Dialog({ open, title, onClose, children, footer, onSubmit, testId, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <form method="dialog" onSubmit={submit}>
          <h2 className="dialog-title" id={testId ? `${testId}-title` : undefined}>
            {title}
          </h2>
          <div className="dialog-body">{children}</div>
          <div className="dialog-footer">{footer}</div>
        </form>
      )}
    </dialog>
  );
}

export interface ConfirmProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, danger, onConfirm, onCancel }: ConfirmProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      onSubmit={onConfirm}
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} data-testid="confirm-cancel">
            {t.common.cancel}
          </button>
          <button
            type="submit"
            className={danger ? 'button button-danger' : 'button button-primary'}
            data-testid="confirm-ok"
            autoFocus
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
