import { useRef } from 'react';
import { useModalDialog } from '../../lib/dialog/useModalDialog.ts';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation (native <dialog>: the page behind is inert, Escape cancels). Focus starts on
 * Cancel, the safe choice, stays inside while it is open, and returns to what had it when the dialog closes.
 */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useModalDialog(ref, { initialFocus: () => cancelRef.current });

  return (
    <dialog
      ref={ref}
      className="modal confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-message">{message}</p>
      <div className="button-row">
        <button ref={cancelRef} type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
