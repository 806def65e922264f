import { useId, useState } from 'react';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSupportWords } from './support-words';

export interface NoteAction {
  /** What the action does, for the toast after it. */
  kind: 'acknowledge' | 'resolve';
  title: string;
  message: string;
  confirmLabel: string;
  /** The note's label; a required note is checked before anything is sent. */
  noteLabel: string;
  required: boolean;
  maxLength: number;
  /** Checks the note; a message (the schema's English, shown translated) refuses it in place. */
  problem: (note: string) => string | null;
  run: (note: string) => Promise<void>;
}

/** Acknowledge or resolve an item of the support queue: a confirmation with its note; the database's refusal shows in place. */
export function NoteActionDialog({ action, onClose, onDone }: { action: NoteAction | null; onClose: () => void; onDone: () => void }) {
  const { translate } = useSupportWords();
  const serverWords = useServerWords();
  const [note, setNote] = useState('');
  const id = useId();
  const close = () => {
    setNote('');
    onClose();
  };
  async function confirm() {
    if (!action) return;
    const problem = action.problem(note);
    if (problem) throw new Error(translate(problem));
    try {
      await action.run(note);
    } catch (error) {
      throw new Error(refusalText(error, '; ', serverWords), { cause: error });
    }
    setNote('');
    onDone();
  }
  return (
    <ConfirmDialog open={action !== null} onClose={close} title={action?.title ?? ''} message={action?.message ?? ''} confirmLabel={action?.confirmLabel} onConfirm={confirm}>
      {action && (
        <div>
          <label htmlFor={id} className="block text-sm font-medium">
            {action.noteLabel}
            {action.required && <span aria-hidden="true"> *</span>}
          </label>
          <textarea
            id={id}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            rows={4}
            maxLength={action.maxLength}
            aria-required={action.required || undefined}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
