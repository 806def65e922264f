import { RecordSummary, SummaryItem, SummaryLink } from '../../../ui/RecordSummary';
import { useCallback, useEffect, useMemo } from 'react';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { deliveryLookup } from '../../../data/deliveries';
import { deliveryStatus, returnStatus } from '../../../data/statuses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useStatuses } from '../../../lib/status-vocabulary';
import { returnMessages, type ReturnKey } from '../messages';
import { StatusChip } from '../../../ui/Chip';
import {
  CheckboxField,
  Form,
  FormActions,
  LookupField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  defineRecordForm,
  useRecordForm,
  type SchemaDetail,
} from '../../../ui/form';
import { PutBackAction } from '../components/PutBackDialog';
import { translateValidation } from '../words';
import { DialogNote, StatusActions } from '../../../ui/StatusActions';
import { PhotoThumbs, RecordPhotosField } from '../../../ui/RecordPhotos';
import { modePages } from '../../../ui/RecordFormPage';
import { StatusRecordPage } from '../../../ui/StatusRecordPage';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { publicFileUrl } from '../../../lib/storage-url';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import {
  createReturn,
  getReturn,
  getReturnableDelivery,
  listReturnEvents,
  listReturnWarehouses,
  returnActions,
  transitionReturn,
  updateReturn,
  uploadReturnPhoto,
} from '../api';
import {
  emptyReturnForm,
  isPlaceName,
  itemsFor,
  refundLimit,
  RETURN_ACTIONS,
  RETURN_REASONS,
  ReturnFormSchema,
  toReturnFormValues,
  toReturnWrite,
  type ReturnAction,
  type ReturnFormInput,
  type ReturnFormOutput,
  type ReturnReason,
  type ReturnRow,
  type ReturnStatus,
} from '../schema';

/** The photos are uploaded first; a new request is made for its delivery and opens on its own page. */
const returnForm = defineRecordForm({
  words: returnMessages,
  schema: ReturnFormSchema,
  values: (row: ReturnRow) => toReturnFormValues(row, publicFileUrl),
  empty: emptyReturnForm,
  files: { field: 'photos', upload: uploadReturnPhoto },
  toWrite: (values, photos) => ({ deliveryId: values.delivery_id, write: toReturnWrite(values, photos) }),
  create: (tenantId, { deliveryId, write }) => createReturn(tenantId, deliveryId, write),
  update: (tenantId, id, { write }) => updateReturn(tenantId, id, write),
  thenCreated: (id) => adminPaths.returnRequestEdit(id),
});

/** A line's package in the page's language: its description, or 'Package 2' for one that had none. */
function packageName(t: Translate<ReturnKey>, description: string, index: number): string {
  return isPlaceName(description, index) ? t('lines.package', { number: index + 1 }) : description;
}

const REASON_KEYS: Record<ReturnReason, ReturnKey> = {
  damaged: 'reason.damaged',
  wrong_item: 'reason.wrong_item',
  not_as_described: 'reason.not_as_described',
  no_longer_needed: 'reason.no_longer_needed',
  other: 'reason.other',
};

const ACTION_KEYS: Record<ReturnAction, ReturnKey> = {
  approved: 'action.approved',
  rejected: 'action.rejected',
  pickup_scheduled: 'action.pickup_scheduled',
  picked_up: 'action.picked_up',
  received: 'action.received',
  closed: 'action.closed',
};

/** Create (no id in the route) or edit (`return-requests/:id/edit`): the form while requested, the status actions and the history. */
export function ReturnRequestFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { user } = useSession();
  const t = useT(returnMessages);
  const tenantId = tenantIdOf(user) ?? '';
  const load = useCallback((id: string) => getReturn(tenantId, id), [tenantId]);
  return (
    <StatusRecordPage<ReturnRow>
      mode={mode}
      scope={tenantId}
      load={load}
      listPath={adminPaths.returnRequests()}
      codeOf={(row) => row.return_code}
      titles={{ create: t('list.new'), record: t('form.record') }}
      words={returnMessages}
      createForm={<ReturnForm tenantId={tenantId} row={null} />}
      main={(row) => (
        <>
          <ReturnSummary row={row} />
          {row.status === 'requested' ? <ReturnForm key={`${row.id}:${row.updated_at}`} tenantId={tenantId} row={row} /> : <ReturnDetails row={row} />}
        </>
      )}
      aside={(row, reload) => <ReturnActions key={`${row.id}:${row.status}`} tenantId={tenantId} row={row} onMoved={reload} />}
    />
  );
}

function ReturnSummary({ row }: { row: ReturnRow }) {
  const t = useT(returnMessages);
  const format = useFormat();
  const deliveryStatuses = useStatuses(deliveryStatus);
  const pickupStatus = row.pickup_delivery_status ? deliveryStatuses.label(row.pickup_delivery_status) : '';
  return (
    <RecordSummary>
      <SummaryItem term={t('col.status')} inline>
        <StatusChip vocabulary={returnStatus} status={row.status} />
        {row.status === 'closed' && <span>{row.refunded ? t('summary.refunded') : t('summary.notRefunded')}</span>}
      </SummaryItem>
      <SummaryItem term={t('col.delivery')} note={row.delivered_at && t('summary.delivered', { date: format.dateTime(row.delivered_at) })}>
        {row.delivery_code ? <SummaryLink href={adminPaths.delivery(row.delivery_id)}>{row.delivery_code}</SummaryLink> : '—'}
      </SummaryItem>
      <SummaryItem term={t('col.customer')} note={row.customer_email}>
        {row.customer_name ?? '—'}
      </SummaryItem>
      <SummaryItem term={t('summary.collectFrom')} wide>
        {row.dropoff_full_address ?? '—'}
      </SummaryItem>
      <SummaryItem
        term={t('summary.pickup')}
        note={row.pickup_delivery_code && (row.warehouse_name ? t('summary.pickupTo', { status: pickupStatus, warehouse: row.warehouse_name }) : pickupStatus)}
      >
        {row.pickup_delivery_code ? <SummaryLink href={adminPaths.delivery(row.pickup_delivery_id ?? '')}>{row.pickup_delivery_code}</SummaryLink> : t('summary.notScheduled')}
      </SummaryItem>
      {row.received_at && <SummaryItem term={t('summary.received')}>{format.dateTime(row.received_at)}</SummaryItem>}
    </RecordSummary>
  );
}

/** A request past `requested`: what was asked, read-only (the database refuses edits now). */
function ReturnDetails({ row }: { row: ReturnRow }) {
  const t = useT(returnMessages);
  const format = useFormat();
  return (
    <section aria-label={t('details.label')} className="max-w-3xl space-y-4 text-sm">
      <div>
        <h2 className="text-base font-semibold">{t('col.reason')}</h2>
        <p className="mt-1">{t(REASON_KEYS[row.reason])}</p>
        {row.reason_text && <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{row.reason_text}</p>}
      </div>
      <div>
        <h2 className="text-base font-semibold">{t('col.items')}</h2>
        <ul className="mt-1 list-disc pl-5">
          {row.items.map((item) => (
            <li key={item.package_index}>
              {t('list.item', { quantity: item.quantity, description: packageName(t, item.description, item.package_index) })}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-base font-semibold">{t('details.refund')}</h2>
        <p className="mt-1">{format.money(row.refund_amount, row.currency)}</p>
      </div>
      {row.photos.length > 0 && (
        <div>
          <h2 className="text-base font-semibold">{t('form.photos')}</h2>
          <PhotoThumbs refs={row.photos} className="mt-2 flex flex-wrap gap-2" />
        </div>
      )}
      {row.notes && (
        <div>
          <h2 className="text-base font-semibold">{t('form.notes')}</h2>
          <p className="mt-1 whitespace-pre-line">{row.notes}</p>
        </div>
      )}
    </section>
  );
}

function ReturnForm({ tenantId, row }: { tenantId: string; row: ReturnRow | null }) {
  const format = useFormat();
  const translate = useCallback((t: Translate<ReturnKey>, message: string, detail?: SchemaDetail) => translateValidation(t, message, detail, format), [format]);
  const { t, form, editing, formProps, field } = useRecordForm(returnForm, tenantId, row, { translate });
  const reasons = RETURN_REASONS.map((value) => ({ value, label: t(REASON_KEYS[value]) }));

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={editing ? t('form.editLabel') : t('form.createLabel')}>
      {editing ? null : (
        <LookupField {...field('delivery_id')} label={t('col.delivery')} required help={t('form.deliveryHelp')} lookup={deliveryLookup(tenantId, { returnable: true })} placeholder={t('form.searchDeliveries')} />
      )}
      <DeliveryLines form={form} tenantId={tenantId} editing={editing} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<ReturnFormInput, 'reason'> name="reason" label={t('col.reason')} required options={reasons} placeholder={t('form.selectReason')} />
        <RefundField form={form} />
      </div>
      <ReasonText form={form} />
      <RecordPhotosField<ReturnFormInput, 'photos'> name="photos" />
      <TextAreaField<ReturnFormInput, 'notes'> name="notes" label={t('form.notes')} rows={3} maxLength={2000} />
      <FormActions submitLabel={editing ? t('form.save') : t('form.createLabel')} />
    </Form>
  );
}

function ReasonText({ form }: { form: UseFormReturn<ReturnFormInput, unknown, ReturnFormOutput> }) {
  const t = useT(returnMessages);
  const reason = useWatch({ control: form.control, name: 'reason' });
  return (
    <TextField<ReturnFormInput, 'reason_text'>
      name="reason_text"
      label={reason === 'other' ? t('form.describeReason') : t('form.details')}
      required={reason === 'other'}
      maxLength={1000}
    />
  );
}

function RefundField({ form }: { form: UseFormReturn<ReturnFormInput, unknown, ReturnFormOutput> }) {
  const limit = useWatch({ control: form.control, name: 'refund_limit' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const t = useT(returnMessages);
  const format = useFormat();
  return (
    <NumberField<ReturnFormInput, 'refund_amount'>
      name="refund_amount"
      label={t('form.refundAmount')}
      required
      min={0}
      step={0.01}
      unit={currency}
      help={limit !== null ? t('form.refundHelp', { amount: format.money(limit, currency) }) : undefined}
    />
  );
}

/** The delivery's packages as lines to tick, with how many come back; loads the delivery when one is picked. */
function DeliveryLines({ form, tenantId, editing }: { form: UseFormReturn<ReturnFormInput, unknown, ReturnFormOutput>; tenantId: string; editing: boolean }) {
  const deliveryId = useWatch({ control: form.control, name: 'delivery_id' });
  const items = useWatch({ control: form.control, name: 'items' });
  const { errors } = useFormState({ control: form.control, name: 'items' });
  const t = useT(returnMessages);
  const format = useFormat();
  const { setValue } = form;
  // The delivery loaded for the chosen id; another id reads loading until its answer.
  const { state } = useRecordLoad(editing || !deliveryId ? null : `${tenantId}/${deliveryId}`, () => getReturnableDelivery(tenantId, deliveryId), {
    loadingOnNewKey: true,
  });
  const found = state.status === 'ready' ? state.record : null;
  // The chosen delivery's packages, refund limit and currency fill the form once it answers.
  useEffect(() => {
    if (!found) return;
    setValue('items', itemsFor(found.packages));
    setValue('refund_limit', refundLimit(found));
    setValue('currency', found.currency);
  }, [found, setValue]);
  const delivery = editing
    ? { status: 'ready' as const, value: null }
    : state.status === 'loading'
      ? { status: 'loading' as const, value: null }
      : { status: found ? ('ready' as const) : ('failed' as const), value: found };

  const listError = (errors.items as { message?: string; root?: { message?: string } } | undefined)?.root?.message ?? (errors.items as { message?: string } | undefined)?.message;
  if (!editing && !deliveryId) return null;
  if (delivery.status === 'loading') return <p className="text-sm text-slate-600 dark:text-slate-400" role="status">{t('lines.loading')}</p>;
  if (delivery.status === 'failed') return <p className="text-sm text-red-700 dark:text-red-300" role="alert">{t('lines.failed')}</p>;

  return (
    <fieldset aria-describedby={listError ? 'return-items-error' : undefined}>
      <legend className="text-sm font-medium">
        {t('lines.legend')} <span aria-hidden="true">*</span>
      </legend>
      {delivery.value && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('lines.for', { code: delivery.value.delivery_code, customer: delivery.value.customer_name ?? t('lines.theCustomer') })}
          {delivery.value.delivered_at ? t('lines.delivered', { date: format.dateTime(delivery.value.delivered_at) }) : ''}
          {delivery.value.dropoff_full_address ? t('lines.at', { address: delivery.value.dropoff_full_address }) : ''}
        </p>
      )}
      <ol className="mt-2 space-y-3">
        {items.map((item, index) => (
          <li key={item.package_index} aria-label={t('lines.package', { number: index + 1 })} className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem] dark:border-slate-700">
            <CheckboxField<ReturnFormInput, `items.${number}.selected`> name={`items.${index}.selected`} label={t('lines.item', { description: packageName(t, item.description, item.package_index), count: item.max_quantity })} />
            <NumberField<ReturnFormInput, `items.${number}.quantity`>
              name={`items.${index}.quantity`}
              label={t('lines.quantity')}
              min={1}
              max={item.max_quantity}
              step={1}
              disabled={!item.selected}
            />
          </li>
        ))}
      </ol>
      {listError && (
        <p id="return-items-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

interface DialogState {
  action: ReturnAction;
  note: string;
  refunded: '' | 'yes' | 'no';
  schedulePickup: boolean;
  warehouseId: string;
}

const ACTION_MESSAGE_KEYS: Record<ReturnAction, ReturnKey> = {
  approved: 'dialog.approved',
  rejected: 'dialog.rejected',
  pickup_scheduled: 'dialog.pickup_scheduled',
  picked_up: 'dialog.picked_up',
  received: 'dialog.received',
  closed: 'dialog.closed',
};

/** The moves the machine allows now (asked of the database), each confirmed in a dialog; then the history. */
function ReturnActions({ tenantId, row, onMoved }: { tenantId: string; row: ReturnRow; onMoved: () => Promise<void> }) {
  const toast = useToast();
  const t = useT(returnMessages);
  const format = useFormat();
  const statuses = useStatuses(returnStatus);
  const labels = useMemo(() => Object.fromEntries(RETURN_ACTIONS.map((a) => [a, t(ACTION_KEYS[a])])) as Record<ReturnAction, string>, [t]);
  const messages = useMemo(() => Object.fromEntries(RETURN_ACTIONS.map((a) => [a, t(ACTION_MESSAGE_KEYS[a])])) as Record<ReturnAction, string>, [t]);
  const serverWords = useServerWords();

  async function move(state: DialogState) {
    if (state.action === 'rejected' && !state.note.trim()) throw new Error(t('validation.rejectNote'));
    if (state.action === 'closed' && state.refunded === '') throw new Error(t('validation.refunded'));
    try {
      await transitionReturn(row.id, {
        status: state.action,
        note: state.note,
        refunded: state.action === 'closed' ? state.refunded === 'yes' : undefined,
        schedulePickup: state.action === 'approved' ? state.schedulePickup : undefined,
        warehouseId: state.warehouseId || undefined,
      });
    } catch (error) {
      // The database's refusal in the user's language (its English for a key this build does not know).
      throw new Error(refusalText(error, ' ', serverWords), { cause: error });
    }
    const landed: ReturnStatus = state.action === 'approved' && state.schedulePickup ? 'pickup_scheduled' : state.action;
    toast.success(t('toast.moved', { status: statuses.label(landed).toLowerCase() }));
    await onMoved();
  }

  const needsWarehouse = (dialog: DialogState) => dialog.action === 'pickup_scheduled' || (dialog.action === 'approved' && dialog.schedulePickup);

  return (
    <StatusActions<ReturnAction, DialogState, { value: string; label: string }[]>
      loadKey={`${tenantId}/${row.id}:${row.status}:${row.updated_at}`}
      load={() =>
        Promise.all([returnActions(row.id), listReturnEvents(row.id), listReturnWarehouses(tenantId)]).then(([allowed, events, warehouses]) => ({
          actions: RETURN_ACTIONS.filter((a) => allowed.includes(a)),
          events,
          extra: warehouses,
        }))
      }
      code={row.return_code}
      labels={labels}
      messages={messages}
      idle={row.status === 'closed' || row.status === 'rejected' ? t('actions.finished') : t('actions.nothing')}
      secondary="rejected"
      destructive="rejected"
      lead={<PutBackAction tenantId={tenantId} row={row} />}
      history={{ vocabulary: returnStatus, createdLabel: t('actions.created') }}
      start={(action) => ({ action, note: '', refunded: '', schedulePickup: true, warehouseId: '' })}
      fields={(dialog, set, warehouses) => (
        <>
          {dialog.action === 'approved' && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand"
                checked={dialog.schedulePickup}
                onChange={(event) => set({ ...dialog, schedulePickup: event.target.checked })}
              />
              {t('dialog.schedulePickup')}
            </label>
          )}
          {needsWarehouse(dialog) && warehouses.length > 0 && (
            <label className="block text-sm font-medium">
              {t('dialog.warehouse')}
              <select
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
                value={dialog.warehouseId}
                onChange={(event) => set({ ...dialog, warehouseId: event.target.value })}
              >
                <option value="">{t('dialog.firstWarehouse')}</option>
                {warehouses.map((w) => (
                  <option key={w.value} value={w.value}>
                    {w.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {dialog.action === 'closed' && (
            <fieldset>
              <legend className="text-sm font-medium">
                {t('dialog.refundPaid')} <span aria-hidden="true">*</span>
              </legend>
              <div className="mt-1 flex gap-4 text-sm">
                {(['yes', 'no'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2">
                    <input type="radio" name="refunded" className="size-4 accent-brand" checked={dialog.refunded === value} onChange={() => set({ ...dialog, refunded: value })} />
                    {value === 'yes' ? t('dialog.refundYes', { amount: format.money(row.refund_amount, row.currency) }) : t('dialog.refundNo')}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <DialogNote
            label={dialog.action === 'rejected' ? t('dialog.rejectReason') : t('dialog.note')}
            required={dialog.action === 'rejected'}
            rows={3}
            maxLength={1000}
            value={dialog.note}
            onChange={(note) => set({ ...dialog, note })}
          />
        </>
      )}
      move={move}
    />
  );
}

export const { create: ReturnRequestCreatePage, edit: ReturnRequestEditPage } = modePages(ReturnRequestFormPage);
