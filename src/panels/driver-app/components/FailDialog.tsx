import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { failErrors, type FailValues } from '../schema';
import type { TaskDialogProps } from './DeliverDialog';
import { PhotoField } from './PhotoField';
import { TextAreaLike } from './TextAreaLike';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';
import { useErrorWords } from '../error-words';

const EMPTY: FailValues = { reason: '', note: '', photo: null };

/** A delivery that cannot be completed: one of the tenant's reasons, a photo and a note if useful. */
export function FailDialog({ task, settings, open, onClose, onFail }: TaskDialogProps & { onFail: (values: FailValues) => void }) {
  const t = useT(driverMessages);
  const [values, setValues] = useState<FailValues>(EMPTY);
  const [found, setErrors] = useState<Partial<Record<keyof FailValues, string>>>({});
  // The rules answer in English; shown in the page's language (a language switch rewords them).
  const { words } = useErrorWords();
  const errors = words(found);
  const groupId = useId();

  const submit = () => {
    const problems = failErrors(values, settings);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onFail({ ...values, note: values.note.trim() });
    setValues(EMPTY);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('fail.title', { code: task.delivery_code })}
      description={t('fail.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('deliver.cancel')}
          </Button>
          <Button onClick={submit}>{t('fail.submit')}</Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset aria-describedby={errors.reason ? `${groupId}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700 after:ml-0.5 after:text-red-600 after:content-['*'] dark:text-slate-200">{t('fail.reason')}</legend>
          <div className="mt-2 grid gap-2">
            {settings.failure_reasons.map((reason) => (
              <label key={reason} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand has-checked:bg-brand/5 dark:border-slate-700">
                <input type="radio" name={`${groupId}-reason`} value={reason} checked={values.reason === reason} onChange={() => setValues((v) => ({ ...v, reason }))} className="size-4" />
                {reason}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id={`${groupId}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <PhotoField label={t('fail.photo')} files={values.photo ? [values.photo] : []} multiple={false} required={false} error={errors.photo} onChange={(files) => setValues((v) => ({ ...v, photo: files[0] ?? null }))} />
        <TextAreaLike label={t('fail.note')} value={values.note} onChange={(note) => setValues((v) => ({ ...v, note }))} error={errors.note} maxLength={800} />
      </div>
    </Dialog>
  );
}
