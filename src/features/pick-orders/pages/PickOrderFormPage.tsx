import { RecordSummary, SummaryItem } from '../../../ui/RecordSummary';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useWatch } from 'react-hook-form';
import { inventoryItemLookup, binLookup } from '../../../data/inventory';
import { staffUserLookup } from '../../../data/warehouse-staff';
import { warehouseLookup } from '../../../data/warehouses';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import {
  ArrayField,
  ComboboxField,
  DateField,
  Form,
  FormActions,
  LookupField,
  NumberField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  type LookupOption,
  defineRecordForm,
  useRecordForm,
  useZodForm,
} from '../../../ui/form';
import { StatusHistory } from '../../../ui/StatusHistory';
import { modePages } from '../../../ui/RecordFormPage';
import { StatusRecordPage } from '../../../ui/StatusRecordPage';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useStatuses } from '../../../lib/status-vocabulary';
import { pickOrderMessages, type PickOrderKey } from '../messages';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords, type ServerWords } from '../../../lib/server-messages/server-words';
import { pickOrderStatus } from '../../../data/statuses';
import { assignPickOrder, getPickOrder, listPickOrderEvents, nextPickOrderReference, savePickOrder, takeOutOfPickBatch, transitionPickOrder } from '../api';
import { assignBatchSchema, canAssign, canTakeOut, type AssignBatchInput, type AssignBatchOutput } from '../batch';
import {
  emptyPickOrderForm,
  newLine,
  orderTypes,
  PICK_ORDER_MESSAGES,
  PICK_ORDER_MOVES,
  pickItemStatus,
  pickOrderFormSchema,
  today,
  toPickOrderFormValues,
  toPickOrderWrite,
  type PickOrderFormInput,
  type PickOrderFormOutput,
  type PickOrderMove,
  type PickOrderRecord,
} from '../schema';

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, PickOrderKey> = {
  [PICK_ORDER_MESSAGES.warehouseRequired]: 'validation.warehouse',
  [PICK_ORDER_MESSAGES.referenceRequired]: 'validation.reference',
  [PICK_ORDER_MESSAGES.referenceLength]: 'validation.referenceLength',
  [PICK_ORDER_MESSAGES.externalReferenceLength]: 'validation.externalReference',
  [PICK_ORDER_MESSAGES.priority]: 'validation.priority',
  [PICK_ORDER_MESSAGES.itemRequired]: 'validation.item',
  [PICK_ORDER_MESSAGES.binRequired]: 'validation.bin',
  [PICK_ORDER_MESSAGES.dueDatePast]: 'validation.dueDate',
  [PICK_ORDER_MESSAGES.notesLength]: 'validation.notes',
  [PICK_ORDER_MESSAGES.pickerNotesLength]: 'validation.pickerNotes',
  [PICK_ORDER_MESSAGES.itemsRequired]: 'validation.items',
  [PICK_ORDER_MESSAGES.quantity]: 'validation.quantity',
  [PICK_ORDER_MESSAGES.pickedWhole]: 'validation.pickedWhole',
  [PICK_ORDER_MESSAGES.pickedQuantity]: 'validation.pickedAbove',
};

/** A save the database refuses on fields says the spec's failure toast. */
const pickOrderForm = defineRecordForm({
  words: pickOrderMessages,
  schema: pickOrderFormSchema(),
  messageKeys: VALIDATION_KEYS,
  values: (row: PickOrderRecord) => toPickOrderFormValues(row),
  toWrite: toPickOrderWrite,
  create: (_tenantId, write) => savePickOrder(null, write),
  update: (_tenantId, id, write) => savePickOrder(id, write),
  fieldErrorsToast: 'failed',
});

const ACTION_KEYS: Record<PickOrderMove, PickOrderKey> = { in_progress: 'action.in_progress', completed: 'action.completed', cancelled: 'action.cancelled' };
const CONFIRM_KEYS: Record<PickOrderMove, PickOrderKey> = { in_progress: 'confirm.in_progress', completed: 'confirm.completed', cancelled: 'confirm.cancelled' };

/** Create (no id in the route) or edit (`picking-orders/:id/edit`): the form, the status actions and the history. */
export function PickOrderFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  const t = useT(pickOrderMessages);
  return (
    <StatusRecordPage<PickOrderRecord>
      mode={mode}
      scope={tenantId}
      load={getPickOrder}
      listPath={adminPaths.pickOrders()}
      listLabel={t('list.title')}
      codeOf={(row) => row.order.reference_number}
      titles={{ create: t('form.create'), record: t('form.record') }}
      messages={{ notFound: t('toast.notFound'), fetchFailed: t('toast.fetchFailed') }}
      loadingLabel={t('form.loadingOrder')}
      createForm={<NewPickOrderForm tenantId={tenantId} />}
      main={(row, reload) => (
        <>
          <PickOrderSummary row={row} />
          {row.batch && <InBatchNotice row={row} />}
          {row.members.length > 0 ? (
            <BatchRoute key={`${row.id}:${row.order.updated_at}`} tenantId={tenantId} row={row} onChanged={reload} />
          ) : !row.batch && (row.order.status === 'pending' || row.order.status === 'in_progress') ? (
            <PickOrderForm key={`${row.id}:${row.order.updated_at}:${row.order.status}`} tenantId={tenantId} row={row} />
          ) : (
            <PickOrderLines row={row} />
          )}
        </>
      )}
      aside={(row, reload) => <PickOrderActions key={`${row.id}:${row.order.status}`} row={row} onMoved={reload} />}
    />
  );
}

function PickOrderSummary({ row }: { row: PickOrderRecord }) {
  const { order, warehouse, assigned_to_user: assignee } = row;
  const progress = order.picking_progress;
  const t = useT(pickOrderMessages);
  const format = useFormat();
  const types = useStatuses(orderTypes);
  return (
    <RecordSummary>
      <SummaryItem term={t('col.status')}>
        <StatusChip vocabulary={pickOrderStatus} status={order.status} />
      </SummaryItem>
      <SummaryItem term={t('col.warehouse')}>{warehouse ? `${warehouse.name} (${warehouse.code})` : '—'}</SummaryItem>
      <SummaryItem term={t('col.picked')}>{t('summary.progress', { picked: progress.picked_items, total: progress.total_items })}</SummaryItem>
      <SummaryItem term={t('col.type')}>{types.label(order.order_type)}</SummaryItem>
      <SummaryItem term={t('col.assignedTo')}>{assignee?.full_name ?? '—'}</SummaryItem>
      <SummaryItem term={t('summary.startedEnded')}>
        {format.dateTime(progress.start_time)}
        {progress.end_time && <span className="block">{format.dateTime(progress.end_time)}</span>}
      </SummaryItem>
    </RecordSummary>
  );
}

/** A finished order's lines, read-only (the database refuses changes now). */
function PickOrderLines({ row }: { row: PickOrderRecord }) {
  const notes = row.order.picking_progress.picker_notes;
  const t = useT(pickOrderMessages);
  return (
    <section aria-label={t('form.items')} className="max-w-3xl space-y-3 text-sm">
      <h2 className="text-base font-semibold">{t('form.items')}</h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {row.items.map((item, index) => (
          <PickProgressLine key={index} item={item}>
            <span className="block font-medium">{item.name ?? item.item_id}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{t('lines.bin', { bin: item.bin_name ?? item.bin_id })}</span>
          </PickProgressLine>
        ))}
      </ul>
      {row.order.notes && <p className="whitespace-pre-line">{t('lines.notes', { notes: row.order.notes })}</p>}
      {notes && <p className="whitespace-pre-line">{t('lines.pickerNotes', { notes })}</p>}
    </section>
  );
}

/** A member order: picked in its batch, whose moves it follows. */
/** A line of an order or a batch route as it is picked: what to pick (the children), then its progress and status. */
function PickProgressLine({ item, children }: { item: PickOrderRecord['items'][number]; children: ReactNode }) {
  const t = useT(pickOrderMessages);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <span>{children}</span>
      <span className="flex items-center gap-2">
        {t('summary.progress', { picked: item.picked_quantity, total: item.quantity })}
        <StatusChip vocabulary={pickItemStatus} status={item.status} />
      </span>
    </li>
  );
}

function InBatchNotice({ row }: { row: PickOrderRecord }) {
  const t = useT(pickOrderMessages);
  const batch = row.batch;
  if (!batch) return null;
  return (
    <p role="note" className="max-w-3xl rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
      {t.rich('detail.inBatch', {
        type: batch.order_type,
        reference: batch.reference_number,
        link: (chunks) => (
          <Link href={adminPaths.pickOrderEdit(batch.id)} className="font-medium underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}

/**
 * A built batch (or wave): who walks it (assigned from here), its member orders (each taken out from
 * here while the batch has not started), and its route, the bins in location-code order (the
 * database's positions).
 */
function BatchRoute({ tenantId, row, onChanged }: { tenantId: string; row: PickOrderRecord; onChanged: () => Promise<void> }) {
  const t = useT(pickOrderMessages);
  const toast = useToast();
  const notes = row.order.picking_progress.picker_notes;
  const type = row.order.order_type;
  const batchState = { status: row.order.status, actions: row.actions };
  const takingOut = canTakeOut(batchState);
  const [leaving, setLeaving] = useState<{ id: string; reference_number: string } | null>(null);
  const serverWords = useServerWords();

  async function takeOut(member: { id: string; reference_number: string }) {
    const result = await takeOutOfPickBatch(member.id).catch(inWords(serverWords));
    const values = { reference: member.reference_number, type, batch: row.order.reference_number };
    toast.success(result.batch_cancelled ? t('detail.takenOutCancelled', values) : t('detail.takenOut', values));
    await onChanged();
  }

  return (
    <div className="max-w-3xl space-y-5 text-sm">
      {canAssign(batchState) && <AssignBatchForm tenantId={tenantId} row={row} onAssigned={onChanged} />}
      <section aria-label={t('detail.members', { type })} className="space-y-2">
        <h2 className="text-base font-semibold">{t('detail.members', { type })}</h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {row.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link href={adminPaths.pickOrderEdit(member.id)} className="font-medium text-brand hover:underline">
                {member.reference_number}
              </Link>
              <span className="flex items-center gap-2">
                {t('detail.memberLines', { lines: member.line_count })}
                <StatusChip vocabulary={pickOrderStatus} status={member.status} />
                {takingOut && (
                  <Button variant="secondary" aria-label={t('detail.takeOutOf', { reference: member.reference_number, type })} onClick={() => setLeaving(member)}>
                    {t('detail.takeOut')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={t('detail.route')} className="space-y-2">
        <h2 className="text-base font-semibold">{t('detail.route')}</h2>
        <p className="text-slate-600 dark:text-slate-400">{t('detail.routeHelp')}</p>
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {row.items.map((item, index) => (
            <PickProgressLine key={index} item={item}>
              <span className="block font-medium">{t('detail.stop', { bin: item.bin_name ?? item.bin_id, quantity: item.quantity, item: item.name ?? item.item_id })}</span>
              {item.order_reference && <span className="block text-xs text-slate-500 dark:text-slate-400">{t('detail.forOrder', { reference: item.order_reference })}</span>}
            </PickProgressLine>
          ))}
        </ol>
      </section>
      {row.order.notes && <p className="whitespace-pre-line">{t('lines.notes', { notes: row.order.notes })}</p>}
      {notes && <p className="whitespace-pre-line">{t('lines.pickerNotes', { notes })}</p>}
      <ConfirmDialog
        open={leaving !== null}
        onClose={() => setLeaving(null)}
        title={leaving ? t('detail.takeOutTitle', { reference: leaving.reference_number }) : ''}
        message={
          leaving && (
            <>
              {t('detail.takeOutMessage', { reference: leaving.reference_number })}
              {row.members.length === 1 && <span className="mt-2 block font-medium">{t('detail.takeOutLast', { type })}</span>}
            </>
          )
        }
        confirmLabel={t('detail.takeOut')}
        destructive={row.members.length === 1}
        onConfirm={() => (leaving ? takeOut(leaving) : undefined)}
      />
    </div>
  );
}

/** Assigns the batch to a staff member of its warehouse (the database refuses anyone else, and who may not manage it). */
function AssignBatchForm({ tenantId, row, onAssigned }: { tenantId: string; row: PickOrderRecord; onAssigned: () => Promise<void> }) {
  const t = useT(pickOrderMessages);
  const toast = useToast();
  const type = row.order.order_type;
  const schema = useMemo(() => assignBatchSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { assigned_to: row.order.assigned_to ?? '' } });
  const warehouseId = row.order.warehouse_id;
  const current: LookupOption[] = row.assigned_to_user ? [{ value: row.assigned_to_user.id, label: row.assigned_to_user.full_name ?? row.assigned_to_user.id }] : [];

  async function assign(values: AssignBatchOutput) {
    const saved = await assignPickOrder(row.id, values.assigned_to);
    toast.success(t('detail.assigned', { type, batch: row.order.reference_number, name: saved.assigned_to_user?.full_name ?? values.assigned_to }));
    await onAssigned();
  }

  return (
    <Form
      form={form}
      onSubmit={assign}
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      aria-label={t('detail.assignTitle', { type })}
    >
      <h2 className="text-base font-semibold">{t('detail.assignTitle', { type })}</h2>
      <LookupField<AssignBatchInput, 'assigned_to'>
        name="assigned_to"
        label={t('detail.picker')}
        required
        help={t('detail.assignHelp')}
        lookup={staffUserLookup(tenantId, warehouseId, { activeOnly: true })}
        initialOptions={current}
        placeholder={t('detail.searchStaff')}
      />
      <SubmitButton>{t('detail.assign')}</SubmitButton>
    </Form>
  );
}

/** A new order's form, once a reference number is offered (the user may overwrite it; empty if none could be read). */
function NewPickOrderForm({ tenantId }: { tenantId: string }) {
  // No reference offered (the read failed) leaves the field empty for the user to fill.
  const { state } = useRecordLoad('next', () => nextPickOrderReference().catch(() => ''));
  const reference = state.status === 'ready' ? state.record : null;
  const t = useT(pickOrderMessages);
  if (reference === null) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {t('form.loading')}
      </p>
    );
  }
  return <PickOrderForm tenantId={tenantId} row={null} reference={reference} />;
}

function PickOrderForm({ tenantId, row, reference = '' }: { tenantId: string; row: PickOrderRecord | null; reference?: string }) {
  const editing = row !== null;
  const picking = row?.order.status === 'in_progress';
  const { t, form, formProps, field } = useRecordForm(pickOrderForm, tenantId, row, { empty: emptyPickOrderForm(reference) });
  const types = useStatuses(orderTypes);
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' });
  const noWarehouse = !warehouseId;

  // Bins and staff are the warehouse's: another warehouse clears them.
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (name !== 'warehouse_id' || type !== 'change') return;
      form.setValue('assigned_to', null);
      (values.item_details ?? []).forEach((_, index) => form.setValue(`item_details.${index}.bin_id`, ''));
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const itemOptions: LookupOption[] = row ? row.items.map((item) => ({ value: item.item_id, label: item.name ?? item.item_id, description: item.sku ?? undefined })) : [];
  const binOptions: LookupOption[] = row ? row.items.map((item) => ({ value: item.bin_id, label: item.bin_name ?? item.bin_id })) : [];
  const assigneeOptions: LookupOption[] = row?.assigned_to_user ? [{ value: row.assigned_to_user.id, label: row.assigned_to_user.full_name ?? row.assigned_to_user.id }] : [];
  const warehouseOptions: LookupOption[] = row?.warehouse ? [{ value: row.warehouse.id, label: row.warehouse.name, description: row.warehouse.code }] : [];

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={editing ? t('form.editLabel') : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField {...field('warehouse_id')} label={t('col.warehouse')} required disabled={picking} lookup={warehouseLookup(tenantId)} initialOptions={warehouseOptions} placeholder={t('form.searchWarehouses')} />
        <TextField<PickOrderFormInput, 'reference_number'> name="reference_number" label={t('form.reference')} required />
        <TextField<PickOrderFormInput, 'external_reference'> name="external_reference" label={t('form.externalReference')} />
        <SelectField<PickOrderFormInput, 'order_type'> name="order_type" label={t('filter.orderType')} options={types.options} />
        <NumberField<PickOrderFormInput, 'priority'> name="priority" label={t('col.priority')} step={1} />
        <LookupField
          key={`assignee:${warehouseId}`}
          {...field('assigned_to')}
          label={t('form.assignedTo')}
          disabled={noWarehouse}
          lookup={staffUserLookup(tenantId, warehouseId)}
          initialOptions={assigneeOptions}
          placeholder={noWarehouse ? t('form.warehouseFirst') : t('detail.searchStaff')}
        />
        <DateField<PickOrderFormInput, 'due_date'> name="due_date" label={t('col.dueDate')} min={today()} />
      </div>
      <ArrayField<PickOrderFormInput, 'item_details', PickOrderFormOutput>
        name="item_details"
        label={t('form.items')}
        required
        min={picking ? Number.POSITIVE_INFINITY : 1}
        max={picking ? 0 : 200}
        newRow={newLine}
        addLabel={t('form.addItem')}
        removeLabel={t('form.removeItem')}
      >
        {(index) => (
          <PickLine
            key={`${index}:${warehouseId}`}
            index={index}
            tenantId={tenantId}
            warehouseId={warehouseId}
            picking={picking}
            itemOptions={itemOptions}
            binOptions={binOptions}
          />
        )}
      </ArrayField>
      <TextAreaField<PickOrderFormInput, 'notes'> name="notes" label={t('form.notes')} />
      {picking && <TextAreaField<PickOrderFormInput, 'picker_notes'> name="picker_notes" label={t('form.pickerNotes')} />}
      <FormActions submitLabel={editing ? t('form.save') : t('form.create')} />
    </Form>
  );
}

/** One line: the item, the warehouse's active bins by code (none until a warehouse is chosen), the quantity; picked quantity while picking. */
function PickLine({
  index,
  tenantId,
  warehouseId,
  picking,
  itemOptions,
  binOptions,
}: {
  index: number;
  tenantId: string;
  warehouseId: string;
  picking: boolean;
  itemOptions: LookupOption[];
  binOptions: LookupOption[];
}) {
  const t = useT(pickOrderMessages);
  return (
    <>
      <ComboboxField<PickOrderFormInput, `item_details.${number}.item_id`>
        name={`item_details.${index}.item_id`}
        label={t('form.item')}
        required
        disabled={picking}
        search={inventoryItemLookup(tenantId, { activeOnly: true }).search}
        initialOptions={itemOptions}
        placeholder={t('form.searchItems')}
      />
      <ComboboxField<PickOrderFormInput, `item_details.${number}.bin_id`>
        name={`item_details.${index}.bin_id`}
        label={t('form.bin')}
        required
        disabled={picking || !warehouseId}
        search={binLookup(tenantId, warehouseId, { activeOnly: true }).search}
        initialOptions={binOptions}
        placeholder={warehouseId ? t('form.searchBins') : t('form.warehouseFirst')}
      />
      <NumberField<PickOrderFormInput, `item_details.${number}.quantity`> name={`item_details.${index}.quantity`} label={t('form.quantity')} step={1} disabled={picking} />
      {picking && <NumberField<PickOrderFormInput, `item_details.${number}.picked_quantity`> name={`item_details.${index}.picked_quantity`} label={t('form.pickedQuantity')} step={1} />}
    </>
  );
}

/** Rethrows a refused move in the user's language (the confirm dialog shows the error's message; the server's English for a key this build does not know). */
function inWords(serverWords: ServerWords) {
  return (error: unknown): never => {
    throw new Error(refusalText(error, '; ', serverWords));
  };
}

function PickOrderActions({ row, onMoved }: { row: PickOrderRecord; onMoved: () => Promise<void> }) {
  const toast = useToast();
  const t = useT(pickOrderMessages);
  const [confirming, setConfirming] = useState<PickOrderMove | null>(null);
  const actions = PICK_ORDER_MOVES.filter((move) => row.actions.includes(move));
  const serverWords = useServerWords();

  const { state } = useRecordLoad(`${row.id}:${row.order.status}`, () => listPickOrderEvents(row.id));
  const failed = state.status === 'failed';
  const events = state.status === 'ready' ? state.record : null;

  async function move(action: PickOrderMove) {
    await transitionPickOrder(row.id, action).catch(inWords(serverWords));
    toast.success(t('toast.moved', { status: action }));
    await onMoved();
  }

  return (
    <>
      <section aria-label={t('actions.title')} className="space-y-3">
        <h2 className="text-base font-semibold">{t('actions.title')}</h2>
        {actions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {row.order.status === 'completed' || row.order.status === 'cancelled' ? t('actions.finished') : t('actions.nothing')}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button key={action} variant={action === 'cancelled' ? 'secondary' : 'primary'} onClick={() => setConfirming(action)}>
                {t(ACTION_KEYS[action])}
              </Button>
            ))}
          </div>
        )}
      </section>
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('actions.historyFailed')}
        </p>
      ) : (
        events && <StatusHistory entries={events} vocabulary={pickOrderStatus} createdLabel={t('actions.created')} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? t(ACTION_KEYS[confirming]) : ''}
        message={confirming ? t(CONFIRM_KEYS[confirming]) : ''}
        confirmLabel={confirming ? t(ACTION_KEYS[confirming]) : undefined}
        destructive={confirming === 'cancelled'}
        onConfirm={() => (confirming ? move(confirming) : undefined)}
      />
    </>
  );
}

export const { create: PickOrderCreatePage, edit: PickOrderEditPage } = modePages(PickOrderFormPage);
