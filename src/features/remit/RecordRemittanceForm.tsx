import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Form, NumberField, SelectField, SubmitButton, TextAreaField, useZodForm } from '../../ui/form';
import { useBoundField } from '../../ui/form/bind';
import { describedBy, FieldNotes } from '../../ui/form/FieldFrame';
import { Skeleton } from '../../ui/Skeleton';
import { useToast } from '../../ui/toast';
import { useT } from '../../lib/i18n/catalogue';
import { useFormat } from '../../lib/i18n/format';
import { detailWords, type ServerFieldError, type ServerKeyWords } from '../../lib/server-errors';
import { useServerWords } from '../../lib/server-messages/server-words';
import { useRecordLoad } from '../../lib/use-record-load';
import { recordRemittance, unremittedDeliveries } from './api';
import { remitMessages } from './messages';
import {
  amountDiffers,
  emptyRemitForm,
  REMIT_METHODS,
  remitFormSchema,
  sumCod,
  type CashSummary,
  type RemitFormInput,
  type UnremittedDelivery,
} from './schema';
import { METHOD_KEYS, translateRemitMessage } from './words';

type Load = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; deliveries: UnremittedDelivery[] };


/** The driver's delivered-but-unremitted cash deliveries as checkboxes, bound to `delivery_ids`. */
function DeliveryPicker({
  load,
  onRetry,
  onTick,
  currency,
}: {
  load: Load;
  onRetry: () => void;
  /** The dispatcher ticked or unticked: the new choice, from the list on screen. */
  onTick: (ids: string[], from: readonly UnremittedDelivery[]) => void;
  currency: string;
}) {
  const t = useT(remitMessages);
  const format = useFormat();
  const { field, error, id } = useBoundField<RemitFormInput, 'delivery_ids', RemitFormInput>({ name: 'delivery_ids' });
  const chosen = (field.value as string[] | undefined) ?? [];
  const shown = load.status === 'ready' ? load.deliveries : [];
  const toggle = (deliveryId: string, on: boolean) => onTick(on ? [...chosen, deliveryId] : chosen.filter((x) => x !== deliveryId), shown);
  return (
    <fieldset aria-describedby={describedBy(id, null, error)} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 after:ml-0.5 after:text-red-600 after:content-['*'] dark:text-slate-200">{t('form.deliveries')}</legend>
      {load.status === 'idle' && <p className="text-sm text-slate-500 dark:text-slate-400">{t('form.pickDriverFirst')}</p>}
      {load.status === 'loading' && <Skeleton className="h-24 w-full" />}
      {load.status === 'failed' && <ErrorState title={t('form.deliveriesFailed')} detail={load.error.message} onRetry={onRetry} />}
      {load.status === 'ready' && load.deliveries.length === 0 && (
        <EmptyState title={t('form.nothing')} description={t('form.nothingHint')} />
      )}
      {load.status === 'ready' && load.deliveries.length > 0 && (
        <>
          <div className="flex gap-3 text-sm">
            <button type="button" className="text-brand underline-offset-2 hover:underline" onClick={() => onTick(load.deliveries.map((d) => d.id), load.deliveries)}>
              {t('form.selectAll')}
            </button>
            <button type="button" className="text-brand underline-offset-2 hover:underline" onClick={() => onTick([], load.deliveries)}>
              {t('form.clear')}
            </button>
          </div>
          <ul className="max-h-72 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {load.deliveries.map((d) => (
              <li key={d.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    checked={chosen.includes(d.id)}
                    onChange={(event) => toggle(d.id, event.target.checked)}
                    onBlur={field.onBlur}
                    aria-label={t('form.deliveryLabel', { code: d.delivery_code, amount: format.money(d.cod_amount, d.currency || currency) })}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{d.delivery_code}</span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {t('form.delivered', { when: format.dateTime(d.delivered_at) })}
                      {d.dropoff_address ? ` · ${d.dropoff_address}` : ''}
                    </span>
                  </span>
                  <span className="tabular-nums">{format.money(d.cod_amount, d.currency || currency)}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}

/** Details of a 23514 refusal on one field, all of them (the form shows the first per field otherwise). */
function messagesFor(error: unknown, field: string, words: ServerKeyWords): string[] {
  const details = (error as { details?: unknown } | null)?.details;
  if (typeof details !== 'string') return [];
  try {
    const list = JSON.parse(details) as Partial<ServerFieldError>[];
    return Array.isArray(list)
      ? list.filter((d) => d.field === field && typeof d.message === 'string').map((d) => detailWords(d as ServerFieldError, words))
      : [];
  } catch {
    return [];
  }
}

export interface RecordRemittanceFormProps {
  drivers: readonly CashSummary[];
  currency: string;
  /** The driver chosen from the summary's Record button (with a counter, so the same driver again re-applies). */
  preselect: { driverId: string; n: number } | null;
  onRecorded: () => void;
}

/** Record the cash a driver hands over: driver, the deliveries it covers, amount (their cash), method, note, reason for a difference. */
export function RecordRemittanceForm({ drivers, currency, preselect, onRecorded }: RecordRemittanceFormProps) {
  const toast = useToast();
  const t = useT(remitMessages);
  const format = useFormat();
  const translate = useCallback((message: string) => translateRemitMessage(t, message), [t]);
  const serverWords = useServerWords();
  const form = useZodForm(remitFormSchema, { defaultValues: emptyRemitForm() }, translate);
  const driverId = useWatch({ control: form.control, name: 'driver_id' });
  const chosen = useWatch({ control: form.control, name: 'delivery_ids' });
  const amount = useWatch({ control: form.control, name: 'amount' }) as number | null;
  const [attempt, setAttempt] = useState(0);
  // The driver's deliveries are read again when their outstanding count moves (live: a cash delivery delivered, another remittance).
  const outstandingCount = drivers.find((d) => d.driver_id === driverId)?.outstanding_count ?? '';
  const loadKey = `${driverId}/${outstandingCount}/${attempt}`;

  useEffect(() => {
    if (preselect) form.reset(emptyRemitForm(preselect.driverId));
  }, [preselect, form]);

  // While the same driver's list is read again (their cash moved live), the last list stays on screen, so
  // what the dispatcher ticked and typed is kept; another driver's list, or a failure of a read before, never shows.
  const answer = useRecordLoad(driverId ? loadKey : null, (signal) => unremittedDeliveries(driverId, signal).then((deliveries) => ({ driverId, deliveries })));
  const load: Load = !driverId
    ? { status: 'idle' }
    : answer.state.status === 'ready' && answer.state.record.driverId === driverId
      ? { status: 'ready', deliveries: answer.state.record.deliveries }
      : answer.state.status === 'failed' && answer.answeredKey === loadKey
        ? { status: 'failed', error: answer.state.error instanceof Error ? answer.state.error : new Error(String(answer.state.error)) }
        : { status: 'loading' };
  const deliveries = load.status === 'ready' ? load.deliveries : [];
  const expected = sumCod(deliveries, chosen ?? []);
  const differs = (chosen ?? []).length > 0 && amountDiffers(amount, expected);

  // A new choice of driver starts with nothing ticked.
  useEffect(() => {
    form.setValue('delivery_ids', []);
    form.setValue('amount', null as unknown as number);
  }, [driverId, form]);
  // Ticking prefills the amount with the ticked deliveries' cash (a list read again live never
  // overwrites an amount the dispatcher typed); a ticked delivery that left the driver's list
  // (remitted elsewhere meanwhile) is unticked and the amount follows.
  const tick = (ids: string[], from: readonly UnremittedDelivery[]) => {
    form.setValue('delivery_ids', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('amount', ids.length > 0 ? sumCod(from, ids) : (null as unknown as number), { shouldDirty: true });
  };
  const readyList = load.status === 'ready' ? load.deliveries : null;
  useEffect(() => {
    if (!readyList) return;
    const ticked = form.getValues('delivery_ids') ?? [];
    const still = ticked.filter((id) => readyList.some((d) => d.id === id));
    if (still.length === ticked.length) return;
    form.setValue('delivery_ids', still);
    form.setValue('amount', still.length > 0 ? sumCod(readyList, still) : (null as unknown as number));
  }, [readyList, form]);

  const driverOptions = [...drivers]
    .sort((a, b) => (a.full_name ?? '').localeCompare(b.full_name ?? ''))
    .map((d) => ({ value: d.driver_id, label: t('form.driverOption', { name: d.full_name ?? d.driver_id, amount: format.money(d.outstanding, d.currency) }) }));
  const methodOptions = REMIT_METHODS.map((value) => ({ value, label: t(METHOD_KEYS[value]) }));

  return (
    <Form
      form={form}
      aria-label={t('form.label')}
      className="space-y-4"
      onSubmit={async (values) => {
        const saved = await recordRemittance(values);
        toast.success(t('toast.recorded', { reference: saved.reference_number }));
        form.reset({ ...emptyRemitForm(values.driver_id), method: values.method });
        setAttempt((n) => n + 1);
        onRecorded();
      }}
      onServerError={(error, result) => {
        // The database's refusals arrive keyed: the kit's Form has put each field's first one in the
        // page's language; the deliveries' field shows all of theirs (one per delivery refused).
        const all = messagesFor(error, 'delivery_ids', serverWords);
        if (all.length > 1) form.setError('delivery_ids', { type: 'server', message: all.join('; ') });
        if (result.unmatched) toast.error(result.unmatched);
        else if (result.applied.length > 0) toast.error(t('toast.validation'));
      }}
    >
      <SelectField<RemitFormInput, 'driver_id'> name="driver_id" label={t('form.driver')} required options={driverOptions} placeholder={t('form.chooseDriver')} />
      <DeliveryPicker load={load} onRetry={() => setAttempt((n) => n + 1)} onTick={tick} currency={currency} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField<RemitFormInput, 'amount'>
          name="amount"
          label={t('form.amount')}
          required
          min={0}
          step={0.01}
          unit={currency}
          help={(chosen ?? []).length > 0 ? t('form.amountHelp', { amount: format.money(expected, currency) }) : undefined}
        />
        <SelectField<RemitFormInput, 'method'> name="method" label={t('form.method')} required options={methodOptions} />
      </div>
      {differs && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('form.differs', { amount: format.money(Math.round(((amount ?? 0) - expected) * 100) / 100, currency) })}
        </p>
      )}
      <TextAreaField<RemitFormInput, 'discrepancy_reason'>
        name="discrepancy_reason"
        label={t('form.reason')}
        required={differs}
        maxLength={500}
        rows={2}
        help={t('form.reasonHelp')}
      />
      <TextAreaField<RemitFormInput, 'note'> name="note" label={t('form.note')} maxLength={2000} rows={2} />
      <SubmitButton>{t('form.submit')}</SubmitButton>
    </Form>
  );
}
