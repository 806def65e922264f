import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useT } from '../../lib/i18n/catalogue';
import { Button } from '../Button';
import { uiMessages } from '../messages';
import { SubmitButton } from './Form';

export interface DialogFormActionsProps {
  submitLabel: ReactNode;
  /** Closes the dialog; Cancel is disabled while the submit runs. */
  onCancel: () => void;
  /** The dialog's own word for Cancel; the kit's otherwise. */
  cancelLabel?: string;
  submitDisabled?: boolean;
}

/** The end of a form inside a `Dialog`: Cancel (not while saving) and the submit button (busy while saving), at the right. */
export function DialogFormActions({ submitLabel, onCancel, cancelLabel, submitDisabled }: DialogFormActionsProps) {
  const t = useT(uiMessages);
  const { formState } = useFormContext();
  return (
    <div className="flex justify-end gap-2 pt-2 pb-5">
      <Button variant="secondary" onClick={onCancel} disabled={formState.isSubmitting}>
        {cancelLabel ?? t('cancel')}
      </Button>
      <SubmitButton disabled={submitDisabled}>{submitLabel}</SubmitButton>
    </div>
  );
}
