import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n/catalogue';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import { deliveryMessages } from '../messages';
import { customerPreferenceFor } from '../api';
import { nextPreferredWindow, preferenceOptionsText, type PreferenceSuggestion } from '../preference';
import type { DeliveryFormInput, DeliveryFormValues } from '../schema';

/**
 * The customer's delivery preference for the chosen drop-off address, beside the windows: the
 * preferred day and times, the instructions and what matters at the door, with a button that puts
 * the next preferred window (and the instructions, when the notes are empty) into the form. Shows
 * nothing when there is no preference or it cannot be read (a lookup that fails stays silent).
 */
export function PreferenceHint({ form }: { form: UseFormReturn<DeliveryFormInput, unknown, DeliveryFormValues> }) {
  const t = useT(deliveryMessages);
  const [customerId, dropoffId] = useWatch({ control: form.control, name: ['customer_id', 'dropoff_address_id'] });
  const key = customerId && dropoffId ? `${customerId}:${dropoffId}` : null;
  // Keyed by the customer and the drop-off: the answer for a pair chosen before never shows, and a
  // failed read shows no hint.
  const { state } = useRecordLoad<PreferenceSuggestion>(key, (signal) => customerPreferenceFor(customerId as string, dropoffId as string, signal), { loadingOnNewKey: true });
  const preference = key && state.status === 'ready' ? state.record : null;
  if (!preference) return null;

  function apply(p: PreferenceSuggestion) {
    const window = nextPreferredWindow(new Date(), p.preferred_day_of_week, p.preferred_time_start, p.preferred_time_end);
    form.setValue('dropoff_window_start', window.start, { shouldDirty: true, shouldValidate: true });
    form.setValue('dropoff_window_end', window.end, { shouldDirty: true, shouldValidate: true });
    if (p.delivery_instructions && !form.getValues('notes')) form.setValue('notes', p.delivery_instructions, { shouldDirty: true });
  }

  const options = preferenceOptionsText(preference, t);
  return (
    <section aria-label={t('preference.label')} className="rounded-lg border border-brand/30 bg-brand/5 p-3 text-sm">
      <p className="font-medium">
        {t('preference.preferred', { day: String(preference.preferred_day_of_week), start: preference.preferred_time_start, end: preference.preferred_time_end })}
        <span className="font-normal text-slate-600 dark:text-slate-400"> ({preference.name})</span>
      </p>
      {preference.delivery_instructions && <p className="mt-1">{preference.delivery_instructions}</p>}
      {options && <p className="mt-1 text-slate-600 dark:text-slate-400">{options}</p>}
      <Button variant="secondary" className="mt-2" onClick={() => apply(preference)}>
        {t('preference.use')}
      </Button>
    </section>
  );
}
