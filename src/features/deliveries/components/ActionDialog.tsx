import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import { deliveryMessages } from '../messages';

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
 * Confirms one move of a delivery (the kit's ConfirmDialog), with its reason when the move
 * takes one; a refusal keeps the dialog open with the database's words.
 */
export function ActionDialog({ open, onClose, title, message, confirmLabel, destructive = false, reason, onConfirm }: ActionDialogProps) {
  const t = useT(deliveryMessages);
  const serverWords = useServerWords();
  const id = useId();
  const [text, setText] = useState('');

  const close = () => {
    setText('');
    onClose();
  };

  async function confirm() {
    const why = text.trim();
    if (reason === 'required' && !why) throw new Error(t('validation.reason'));
    if (why.length > 500) throw new Error(t('validation.reasonLength'));
    try {
      await onConfirm(why);
    } catch (error) {
      throw new Error(refusalText(error, '\n', serverWords), { cause: error });
    }
    setText('');
  }

  return (
    <ConfirmDialog open={open} onClose={close} title={title} message={message} confirmLabel={confirmLabel} destructive={destructive} onConfirm={confirm}>
      {reason && (
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
            {reason === 'required' ? `${t('dialog.reason')} *` : t('dialog.reasonOptional')}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            value={text}
            required={reason === 'required'}
            onChange={(event) => setText(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
