import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SignaturePad } from '../../../ui/SignaturePad';
import { TextField } from '../../../ui/TextField';
import { formatMoney } from '../format';
import { proofErrors, visibleProofItems, type DeliverySettings, type DriverTask, type ProofErrors, type ProofValues } from '../schema';
import { PhotoField } from './PhotoField';
import { TextAreaLike } from './TextAreaLike';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';
import { useErrorWords } from '../error-words';

/** What the driver's dialogs for a task take: the task, the tenant's delivery settings, and whether it is open. */
export type TaskDialogProps = { task: DriverTask; settings: DeliverySettings; open: boolean; onClose: () => void };

const EMPTY: ProofValues = { signature: null, photos: [], recipientName: '', notes: '', cashConfirmed: false };

/** Proof of delivery as the tenant asks for it (required, optional, or not shown), then one tap to complete. */
export function DeliverDialog({ task, settings, open, onClose, onComplete }: TaskDialogProps & { onComplete: (values: ProofValues) => void }) {
  const t = useT(driverMessages);
  const language = useLanguage();
  const [values, setValues] = useState<ProofValues>(EMPTY);
  const [found, setErrors] = useState<ProofErrors>({});
  // The rules answer in English; shown in the page's language (a language switch rewords them).
  const { words } = useErrorWords();
  const errors = words(found);
  const { proof } = settings;
  const shown = new Set(visibleProofItems(settings));
  const set = <K extends keyof ProofValues>(key: K, value: ProofValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const complete = () => {
    const problems = proofErrors(values, settings, task.cod_amount);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onComplete(values);
    setValues(EMPTY);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('deliver.title', { code: task.delivery_code })}
      description={task.dropoff_address.full_address}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('deliver.cancel')}
          </Button>
          <Button onClick={complete} className="py-3">
            {t('deliver.complete')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {shown.has('signature') && (
          <SignaturePad
            label={t('deliver.signature')}
            required={proof.signature === 'required'}
            help={t('deliver.signatureHelp')}
            value={values.signature}
            error={errors.signature}
            onChange={(png) => set('signature', png)}
          />
        )}
        {shown.has('photo') && (
          <PhotoField label={t('deliver.photo')} files={values.photos} onChange={(files) => set('photos', files)} required={proof.photo === 'required'} error={errors.photos} />
        )}
        {shown.has('recipient_name') && (
          <TextField
            label={t('deliver.recipient')}
            required={proof.recipient_name === 'required'}
            value={values.recipientName}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => set('recipientName', event.target.value)}
            error={errors.recipientName}
          />
        )}
        {shown.has('notes') && (
          <TextAreaLike label={t('deliver.notes')} required={proof.notes === 'required'} value={values.notes} onChange={(notes) => set('notes', notes)} error={errors.notes} maxLength={1000} />
        )}
        {task.cod_amount > 0 && (
          <div>
            <label className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
              <input
                type="checkbox"
                checked={values.cashConfirmed}
                onChange={(event) => set('cashConfirmed', event.target.checked)}
                aria-invalid={errors.cash ? true : undefined}
                className="mt-0.5 size-5"
              />
              <span>
                {t.rich('deliver.cash', { amount: formatMoney(task.cod_amount, task.currency, language), b: (chunks) => <strong>{chunks}</strong> })}
              </span>
            </label>
            {errors.cash && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.cash}</p>}
          </div>
        )}
      </div>
    </Dialog>
  );
}
