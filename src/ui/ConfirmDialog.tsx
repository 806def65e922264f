import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape, or a confirm that succeeded. */
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button, for deleting or revoking. */
  destructive?: boolean;
  /** Inputs the action needs (a reason, resolution notes), under the message; the dialog is wider with them. */
  children?: ReactNode;
  /** May be async: the button shows progress and the dialog closes when it resolves. A rejection keeps it open with the error's message. */
  onConfirm: () => unknown;
}

/**
 * 'Are you sure?' with one action, and the inputs it may need (a status move's reason); while the
 * action runs, nothing else can close the dialog, and the server's refusal shows in place.
 */
export function ConfirmDialog({ open, onClose, title, message, confirmLabel, cancelLabel, destructive = false, children, onConfirm }: ConfirmDialogProps) {
  const t = useT(uiMessages);
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
      setFailure(error instanceof Error && error.message ? error.message : t('somethingWentWrong'));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      size={children ? 'md' : 'sm'}
      hideClose
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button
            onClick={() => void confirm()}
            busy={pending}
            className={destructive ? 'bg-red-600 text-white hover:bg-red-700 disabled:hover:bg-red-600 focus-visible:outline-red-600' : undefined}
          >
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    >
      {(children || failure) && (
        <div className="space-y-3">
          {children}
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {failure}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
