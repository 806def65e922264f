import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { refusalText } from '../errors';
import { DELIVERY_MESSAGES } from '../schema';

export interface ActionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Ask for a reason: 'required', 'optional', or none. */
  reason?: 'required' | 'optional';
  onConfirm: (reason: string) => Promise<void>;
}

/**
 * Confirms one move of a delivery, with its reason when the move takes one; a refusal keeps the
 * dialog open with the database's message.
 */
export function ActionDialog({ open, onClose, title, message, confirmLabel, destructive = false, reason, onConfirm }: ActionDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    if (pending) return;
    setText('');
    setProblem(null);
    setFailure(null);
    onClose();
  };

  async function confirm() {
    const why = text.trim();
    if (reason === 'required' && !why) {
      setProblem(DELIVERY_MESSAGES.reason);
      return;
    }
    if (why.length > 500) {
      setProblem(DELIVERY_MESSAGES.reasonLength);
      return;
    }
    setProblem(null);
    setFailure(null);
    setPending(true);
    try {
      await onConfirm(why);
      setPending(false);
      setText('');
      onClose();
    } catch (error) {
      setPending(false);
      setFailure(refusalText(error));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      size="sm"
      hideClose
      role="alertdialog"
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
        {reason && (
          <div>
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
              Reason{reason === 'required' ? ' *' : ' (optional)'}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setText(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            />
            {problem && (
              <p id={`${id}-problem`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {problem}
              </p>
            )}
          </div>
        )}
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm whitespace-pre-line text-red-800 dark:bg-red-950 dark:text-red-200">
            {failure}
          </p>
        )}
      </div>
    </Dialog>
  );
}
