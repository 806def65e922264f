import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface StatusActionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Extra inputs the move needs (a note, a choice), rendered under the message. */
  children?: ReactNode;
  /** The move; a rejection keeps the dialog open with the error's message. */
  onConfirm: () => unknown;
}

/**
 * The confirmation of a status move that may need a few words (a reason, resolution notes): like
 * ConfirmDialog, with the screen's inputs inside, and the server's refusal shown in place.
 */
export function StatusActionDialog({ open, onClose, title, message, confirmLabel, destructive = false, children, onConfirm }: StatusActionDialogProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setFailure(null);
    onClose();
  };

  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (error) {
      setPending(false);
      setFailure(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      role="alertdialog"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            busy={pending}
            className={destructive ? 'bg-red-600 text-white hover:bg-red-700 disabled:hover:bg-red-600 focus-visible:outline-red-600' : undefined}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {children}
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {failure}
          </p>
        )}
      </div>
    </Dialog>
  );
}
