import { useCallback, useEffect } from 'react';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { returnStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import {
  CheckboxField,
  ComboboxField,
  Form,
  FormActions,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  useRecordSave,
  useStoreFiles,
  useZodForm,
} from '../../../ui/form';
import { PutBackAction } from '../components/PutBackDialog';
import { DialogNote, StatusActions } from '../../../ui/StatusActions';
import { PhotoThumbs, RecordPhotosField } from '../../../ui/RecordPhotos';
import { StatusRecordPage } from '../../../ui/StatusRecordPage';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { publicFileUrl } from '../../../lib/storage-url';
import {
  createReturn,
  getReturn,
  getReturnableDelivery,
  listReturnEvents,
  listReturnWarehouses,
  lookupDeliveredDeliveries,
  returnActions,
  transitionReturn,
  updateReturn,
  uploadReturnPhoto,
} from '../api';
import {
  emptyReturnForm,
  formatMoney,
  itemsFor,
  reasonLabel,
  refundLimit,
  RETURN_ACTION_LABELS,
  RETURN_ACTIONS,
  RETURN_MESSAGES,
  RETURN_REASON_OPTIONS,
  RETURN_TOASTS,
  ReturnFormSchema,
  toReturnFormValues,
  toReturnWrite,
  type ReturnAction,
  type ReturnFormInput,
  type ReturnFormOutput,
  type ReturnRow,
  type ReturnStatus,
} from '../schema';
import { formatDateTime } from '../../../lib/format-date';

/** The list, from a create or edit page (the admin area's router is the base). */
const LIST_PATH = adminPaths.returnRequests();

/** Create (no id in the route) or edit (`return-requests/:id/edit`): the form while requested, the status actions and the history. */
export function ReturnRequestFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const load = useCallback((id: string) => getReturn(tenantId, id), [tenantId]);
  return (
    <StatusRecordPage<ReturnRow>
      mode={mode}
      scope={tenantId}
      load={load}
      listPath={LIST_PATH}
      listLabel="Return requests"
      codeOf={(row) => row.return_code}
      titles={{ create: 'New return request', record: 'Return request' }}
      messages={{ notFound: RETURN_TOASTS.notFound, fetchFailed: RETURN_TOASTS.fetchFailed }}
      loadingLabel="Loading return request"
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
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 p-4 text-sm sm:grid-cols-3 dark:border-slate-700">
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Status</dt>
        <dd className="mt-1 flex items-center gap-2">
          <StatusChip vocabulary={returnStatus} status={row.status} />
          {row.status === 'closed' && <span>{row.refunded ? 'Refunded' : 'Not refunded'}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Delivery</dt>
        <dd className="mt-1">
          {row.delivery_code ? (
            <Link href={adminPaths.delivery(row.delivery_id)} className="font-medium text-brand underline-offset-2 hover:underline">
              {row.delivery_code}
            </Link>
          ) : (
            '—'
          )}
          {row.delivered_at && <span className="block text-xs text-slate-500 dark:text-slate-400">Delivered {formatDateTime(row.delivered_at)}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Customer</dt>
        <dd className="mt-1">
          {row.customer_name ?? '—'}
          {row.customer_email && <span className="block text-xs text-slate-500 dark:text-slate-400">{row.customer_email}</span>}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-500 dark:text-slate-400">Collect from</dt>
        <dd className="mt-1">{row.dropoff_full_address ?? '—'}</dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Pickup delivery</dt>
        <dd className="mt-1">
          {row.pickup_delivery_code ? (
            <>
              <Link href={adminPaths.delivery(row.pickup_delivery_id ?? '')} className="font-medium text-brand underline-offset-2 hover:underline">
                {row.pickup_delivery_code}
              </Link>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {row.pickup_delivery_status?.replaceAll('_', ' ')}
                {row.warehouse_name ? ` · to ${row.warehouse_name}` : ''}
              </span>
            </>
          ) : (
            'Not scheduled'
          )}
        </dd>
      </div>
      {row.received_at && (
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Received</dt>
          <dd className="mt-1">{formatDateTime(row.received_at)}</dd>
        </div>
      )}
    </dl>
  );
}

/** A request past `requested`: what was asked, read-only (the database refuses edits now). */
function ReturnDetails({ row }: { row: ReturnRow }) {
  return (
    <section aria-label="Request" className="max-w-3xl space-y-4 text-sm">
      <div>
        <h2 className="text-base font-semibold">Reason</h2>
        <p className="mt-1">{reasonLabel(row.reason)}</p>
        {row.reason_text && <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{row.reason_text}</p>}
      </div>
      <div>
        <h2 className="text-base font-semibold">Items</h2>
        <ul className="mt-1 list-disc pl-5">
          {row.items.map((item) => (
            <li key={item.package_index}>
              {item.quantity} × {item.description}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-base font-semibold">Refund</h2>
        <p className="mt-1">{formatMoney(row.refund_amount, row.currency)}</p>
      </div>
      {row.photos.length > 0 && (
        <div>
          <h2 className="text-base font-semibold">Photos</h2>
          <PhotoThumbs refs={row.photos} className="mt-2 flex flex-wrap gap-2" />
        </div>
      )}
      {row.notes && (
        <div>
          <h2 className="text-base font-semibold">Notes</h2>
          <p className="mt-1 whitespace-pre-line">{row.notes}</p>
        </div>
      )}
    </section>
  );
}

function ReturnForm({ tenantId, row }: { tenantId: string; row: ReturnRow | null }) {
  const editing = row !== null;
  const form = useZodForm(ReturnFormSchema, { defaultValues: row ? toReturnFormValues(row, publicFileUrl) : emptyReturnForm() });

  const storePhotos = useStoreFiles(form, 'photos', (file) => uploadReturnPhoto(tenantId, file), RETURN_TOASTS);
  const save = useRecordSave<ReturnRow, { deliveryId: string; write: ReturnType<typeof toReturnWrite> }, string>({
    record: row,
    create: ({ deliveryId, write }) => createReturn(tenantId, deliveryId, write),
    update: (current, { write }) => updateReturn(tenantId, current.id, write),
    messages: RETURN_TOASTS,
    then: LIST_PATH,
    thenCreated: (id) => adminPaths.returnRequestEdit(id),
  });

  async function onSubmit(values: ReturnFormOutput) {
    const photos = await storePhotos(values.photos);
    if (photos) await save.onSubmit({ deliveryId: values.delivery_id, write: toReturnWrite(values, photos) });
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={save.onServerError} className="max-w-3xl space-y-5" aria-label={editing ? 'Edit return request' : 'Create return request'}>
      {editing ? null : (
        <ComboboxField<ReturnFormInput, 'delivery_id'>
          name="delivery_id"
          label="Delivery"
          required
          help="Delivered deliveries, by code or customer"
          search={(term, signal, limit) => lookupDeliveredDeliveries(tenantId, term, limit, signal)}
          placeholder="Search delivered deliveries"
        />
      )}
      <DeliveryLines form={form} tenantId={tenantId} editing={editing} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<ReturnFormInput, 'reason'> name="reason" label="Reason" required options={RETURN_REASON_OPTIONS} placeholder="Select a reason" />
        <RefundField form={form} />
      </div>
      <ReasonText form={form} />
      <RecordPhotosField<ReturnFormInput, 'photos'> name="photos" />
      <TextAreaField<ReturnFormInput, 'notes'> name="notes" label="Notes" rows={3} maxLength={2000} />
      <FormActions submitLabel={editing ? 'Save changes' : 'Create return request'} cancelTo={LIST_PATH} />
    </Form>
  );
}

function ReasonText({ form }: { form: UseFormReturn<ReturnFormInput, unknown, ReturnFormOutput> }) {
  const reason = useWatch({ control: form.control, name: 'reason' });
  return (
    <TextField<ReturnFormInput, 'reason_text'>
      name="reason_text"
      label={reason === 'other' ? 'Describe the reason' : 'Details'}
      required={reason === 'other'}
      maxLength={1000}
    />
  );
}

function RefundField({ form }: { form: UseFormReturn<ReturnFormInput, unknown, ReturnFormOutput> }) {
  const limit = useWatch({ control: form.control, name: 'refund_limit' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  return (
    <NumberField<ReturnFormInput, 'refund_amount'>
      name="refund_amount"
      label="Refund amount"
      required
      min={0}
      step={0.01}
      unit={currency}
      help={limit !== null ? `At most ${formatMoney(limit, currency)} (price and cash on delivery)` : undefined}
    />
  );
}

/** The delivery's packages as lines to tick, with how many come back; loads the delivery when one is picked. */
function DeliveryLines({ form, tenantId, editing }: { form: UseFormReturn<ReturnFormInput, unknown, ReturnFormOutput>; tenantId: string; editing: boolean }) {
  const deliveryId = useWatch({ control: form.control, name: 'delivery_id' });
  const items = useWatch({ control: form.control, name: 'items' });
  const { errors } = useFormState({ control: form.control, name: 'items' });
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
  if (delivery.status === 'loading') return <p className="text-sm text-slate-600 dark:text-slate-400" role="status">Loading the delivery's packages…</p>;
  if (delivery.status === 'failed') return <p className="text-sm text-red-700 dark:text-red-300" role="alert">The delivery could not be loaded. Choose it again.</p>;

  return (
    <fieldset aria-describedby={listError ? 'return-items-error' : undefined}>
      <legend className="text-sm font-medium">
        Items to return <span aria-hidden="true">*</span>
      </legend>
      {delivery.value && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {delivery.value.delivery_code} for {delivery.value.customer_name ?? 'the customer'}
          {delivery.value.delivered_at ? `, delivered ${formatDateTime(delivery.value.delivered_at)}` : ''}
          {delivery.value.dropoff_full_address ? ` at ${delivery.value.dropoff_full_address}` : ''}
        </p>
      )}
      <ol className="mt-2 space-y-3">
        {items.map((item, index) => (
          <li key={item.package_index} aria-label={`Package ${index + 1}`} className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem] dark:border-slate-700">
            <CheckboxField<ReturnFormInput, `items.${number}.selected`> name={`items.${index}.selected`} label={`${item.description} (${item.max_quantity} delivered)`} />
            <NumberField<ReturnFormInput, `items.${number}.quantity`>
              name={`items.${index}.quantity`}
              label="Quantity"
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

const ACTION_MESSAGES: Record<ReturnAction, string> = {
  approved: 'The customer is told the return is accepted. You can schedule the pickup now or later.',
  rejected: 'The request is closed without a return. The customer sees the reason you give.',
  pickup_scheduled: 'A pickup delivery is created from the customer’s address to the warehouse.',
  picked_up: 'The driver has collected the items from the customer.',
  received: 'The items arrived at the warehouse. The receipt is recorded with your name and the time.',
  closed: 'The return is finished. Say whether the refund was paid.',
};

/** The moves the machine allows now (asked of the database), each confirmed in a dialog; then the history. */
function ReturnActions({ tenantId, row, onMoved }: { tenantId: string; row: ReturnRow; onMoved: () => Promise<void> }) {
  const toast = useToast();

  async function move(state: DialogState) {
    if (state.action === 'rejected' && !state.note.trim()) throw new Error(RETURN_MESSAGES.rejectNote);
    if (state.action === 'closed' && state.refunded === '') throw new Error(RETURN_MESSAGES.refunded);
    await transitionReturn(row.id, {
      status: state.action,
      note: state.note,
      refunded: state.action === 'closed' ? state.refunded === 'yes' : undefined,
      schedulePickup: state.action === 'approved' ? state.schedulePickup : undefined,
      warehouseId: state.warehouseId || undefined,
    });
    const landed: ReturnStatus = state.action === 'approved' && state.schedulePickup ? 'pickup_scheduled' : state.action;
    toast.success(RETURN_TOASTS.moved(landed));
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
      labels={RETURN_ACTION_LABELS}
      messages={ACTION_MESSAGES}
      idle={row.status === 'closed' || row.status === 'rejected' ? 'This return is finished.' : 'Nothing to do now.'}
      secondary="rejected"
      destructive="rejected"
      lead={<PutBackAction tenantId={tenantId} row={row} />}
      history={{ vocabulary: returnStatus, createdLabel: 'Requested' }}
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
              Schedule the pickup now
            </label>
          )}
          {needsWarehouse(dialog) && warehouses.length > 0 && (
            <label className="block text-sm font-medium">
              Return to warehouse
              <select
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
                value={dialog.warehouseId}
                onChange={(event) => set({ ...dialog, warehouseId: event.target.value })}
              >
                <option value="">First open warehouse</option>
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
                Refund paid? <span aria-hidden="true">*</span>
              </legend>
              <div className="mt-1 flex gap-4 text-sm">
                {(['yes', 'no'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2">
                    <input type="radio" name="refunded" className="size-4 accent-brand" checked={dialog.refunded === value} onChange={() => set({ ...dialog, refunded: value })} />
                    {value === 'yes' ? `Yes, ${formatMoney(row.refund_amount, row.currency)} refunded` : 'No refund'}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <DialogNote
            label={dialog.action === 'rejected' ? 'Reason for rejecting' : 'Note'}
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

export function ReturnRequestCreatePage() {
  return <ReturnRequestFormPage mode="create" />;
}

export function ReturnRequestEditPage() {
  return <ReturnRequestFormPage mode="edit" />;
}
