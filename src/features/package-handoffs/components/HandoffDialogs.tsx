import { useCallback, useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { lookupAssignedDeliveries, lookupCompletedPickOrders, lookupWarehouseStaffRows } from '../../../data/handoffs';
import { packageHandoffStatus } from '../../../data/statuses/package-handoff';
import { warehouseLookup } from '../../../data/warehouses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { refusalText } from '../../../lib/refusal-text';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useStatuses } from '../../../lib/status-vocabulary';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ComboboxField, Form, LookupField, SelectField, SignatureField, SubmitButton, TextAreaField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { savePackageHandoff, signatureUrl, uploadSignature } from '../api';
import { handoffMessages, type HandoffKey } from '../messages';
import {
  createHandoffSchema,
  editHandoffSchema,
  emptyCreateHandoff,
  HANDOFF_MESSAGES,
  HANDOFF_TOASTS,
  toEditHandoff,
  type CreateHandoffInput,
  type CreateHandoffOutput,
  type EditHandoffInput,
  type EditHandoffOutput,
  type PackageHandoffRow,
} from '../schema';

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, HandoffKey> = {
  [HANDOFF_MESSAGES.warehouseRequired]: 'validation.warehouse',
  [HANDOFF_MESSAGES.deliveryRequired]: 'validation.delivery',
  [HANDOFF_MESSAGES.pickingOrderRequired]: 'validation.pickingOrder',
  [HANDOFF_MESSAGES.staffRequired]: 'validation.staff',
  [HANDOFF_MESSAGES.signatureRequired]: 'validation.signature',
  [HANDOFF_MESSAGES.statusRequired]: 'validation.status',
  [HANDOFF_MESSAGES.notesLength]: 'validation.notes',
};

/** The form's translate: a schema message in the page's language (another text stays as it is). */
function useValidationWords(): (message: string) => string {
  const t = useT(handoffMessages);
  return useCallback(
    (message: string) => {
      const key = VALIDATION_KEYS[message];
      return key ? t(key) : message;
    },
    [t],
  );
}

/** The saved toast: the server's answer is the spec's English one, shown in the page's language; another answer as the server words it. */
function savedToast(t: Translate<HandoffKey>, message: string | null): string {
  return message === null || message === HANDOFF_TOASTS.submitted ? t('toast.submitted') : message;
}

/**
 * The save's failure toasts: the form's when the server placed messages on fields, else the server's
 * words (a move the status machine refuses, a handoff not found), by their key in the page's language.
 */
function useFailureToasts() {
  const toast = useToast();
  const t = useT(handoffMessages);
  const serverWords = useServerWords();
  return (error: unknown, result: ServerErrorResult) => {
    if (result.applied.length > 0) {
      toast.error(t('toast.formFailed'));
      if (result.unmatched) toast.error(result.unmatched);
      return;
    }
    const message = error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error) ? String((error as { message: unknown }).message ?? '') : '';
    toast.error(t('toast.submitFailed'));
    toast.error(message ? refusalText(error, '; ', serverWords) : t('toast.operationFailed'));
  };
}

function Actions({ onCancel, submitLabel }: { onCancel: () => void; submitLabel: string }) {
  const t = useT(handoffMessages);
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('form.cancel')}
      </Button>
      <SubmitButton>{submitLabel}</SubmitButton>
    </div>
  );
}

/** What both dialogs take besides what they open on. */
interface HandoffDialogBase {
  tenantId: string;
  onClose: () => void;
  onSaved: () => void;
}

export interface CreateHandoffDialogProps extends HandoffDialogBase {
  open: boolean;
}

/** Add: warehouse first (its staff and completed pick orders only then), an assigned delivery, the signature drawn on the pad. */
export function CreateHandoffDialog({ open, tenantId, onClose, onSaved }: CreateHandoffDialogProps) {
  const t = useT(handoffMessages);
  return (
    <Dialog open={open} onClose={onClose} title={t('create.title')} size="lg">
      {open && <CreateHandoffForm tenantId={tenantId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function CreateHandoffForm({ tenantId, onClose, onSaved }: Omit<CreateHandoffDialogProps, 'open'>) {
  const toast = useToast();
  const t = useT(handoffMessages);
  const onServerError = useFailureToasts();
  const translate = useValidationWords();
  const form = useZodForm(createHandoffSchema, { defaultValues: emptyCreateHandoff() }, translate);
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' }) ?? '';
  const noWarehouse = !warehouseId;

  // Staff and pick orders belong to a warehouse: another warehouse clears them.
  useEffect(() => {
    const subscription = form.watch((_, { name, type }) => {
      if (name !== 'warehouse_id' || type !== 'change') return;
      form.setValue('warehouse_staff_id', '');
      form.setValue('picking_order_id', '');
    });
    return () => subscription.unsubscribe();
  }, [form]);

  async function submit(values: CreateHandoffOutput) {
    if (!tenantId) {
      toast.error(t('toast.tenantRequired'));
      return;
    }
    const signature = values.signature_url as Blob;
    const path = await uploadSignature(tenantId, values.warehouse_id, signature);
    const message = await savePackageHandoff(null, {
      warehouse_id: values.warehouse_id,
      delivery_id: values.delivery_id,
      picking_order_id: values.picking_order_id,
      warehouse_staff_id: values.warehouse_staff_id,
      signature_url: path,
      notes: values.notes.trim() || null,
    });
    toast.success(savedToast(t, message));
    onSaved();
  }

  return (
    <Form form={form} onSubmit={submit} onServerError={onServerError} className="space-y-4" aria-label={t('create.label')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <LookupField<CreateHandoffInput, 'warehouse_id'> name="warehouse_id" label={t('col.warehouse')} required lookup={warehouseLookup(tenantId)} placeholder={t('form.searchWarehouses')} />
        <ComboboxField<CreateHandoffInput, 'delivery_id'>
          name="delivery_id"
          label={t('form.delivery')}
          required
          search={(term, signal, limit) => lookupAssignedDeliveries(warehouseId || null, term, limit, signal)}
          placeholder={t('form.searchDeliveries')}
        />
        <ComboboxField<CreateHandoffInput, 'picking_order_id'>
          key={`pick:${warehouseId}`}
          name="picking_order_id"
          label={t('form.pickingOrder')}
          required
          disabled={noWarehouse}
          search={(term, signal, limit) => lookupCompletedPickOrders(tenantId, warehouseId, term, limit, signal)}
          placeholder={noWarehouse ? t('form.warehouseFirst') : t('form.searchPickOrders')}
        />
        <ComboboxField<CreateHandoffInput, 'warehouse_staff_id'>
          key={`staff:${warehouseId}`}
          name="warehouse_staff_id"
          label={t('form.staff')}
          required
          disabled={noWarehouse}
          search={(term, signal, limit) => lookupWarehouseStaffRows(tenantId, warehouseId, term, limit, signal)}
          placeholder={noWarehouse ? t('form.warehouseFirst') : t('form.searchStaff')}
        />
      </div>
      <SignatureField<CreateHandoffInput, 'signature_url'> name="signature_url" label={t('form.signature')} required help={t('form.signatureHelp')} />
      <TextAreaField<CreateHandoffInput, 'notes'> name="notes" label={t('form.notes')} />
      <Actions onCancel={onClose} submitLabel={t('form.submit')} />
    </Form>
  );
}

export interface EditHandoffDialogProps extends HandoffDialogBase {
  handoff: PackageHandoffRow | null;
}

/** Edit: the status (all four; the database refuses a move the machine has not) and the signature, kept unless redrawn. */
export function EditHandoffDialog({ handoff, tenantId, onClose, onSaved }: EditHandoffDialogProps) {
  const t = useT(handoffMessages);
  return (
    <Dialog open={handoff !== null} onClose={onClose} title={t('edit.title')} size="lg">
      {handoff && <EditHandoffForm key={handoff.id} handoff={handoff} tenantId={tenantId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditHandoffForm({ handoff, tenantId, onClose, onSaved }: Omit<EditHandoffDialogProps, 'handoff'> & { handoff: PackageHandoffRow }) {
  const toast = useToast();
  const t = useT(handoffMessages);
  const statuses = useStatuses(packageHandoffStatus);
  const onServerError = useFailureToasts();
  const translate = useValidationWords();
  const schema = useMemo(() => editHandoffSchema(handoff.signature_url !== ''), [handoff.signature_url]);
  const form = useZodForm(schema, { defaultValues: toEditHandoff(handoff) }, translate);
  // The stored signature's signed URL, keyed by its path (an answer for a path left behind is dropped); null when it cannot be shown.
  const signature = useRecordLoad<{ url: string | null }>(handoff.signature_url, () =>
    signatureUrl(handoff.signature_url).then(
      (url) => ({ url }),
      () => ({ url: null }),
    ),
  ).state;
  const stored = signature.status === 'ready' ? signature.record : null;

  async function submit(values: EditHandoffOutput) {
    if (!tenantId) {
      toast.error(t('toast.tenantRequired'));
      return;
    }
    const path = values.signature_url instanceof Blob ? await uploadSignature(tenantId, handoff.warehouse_id, values.signature_url) : handoff.signature_url;
    const message = await savePackageHandoff(handoff.id, { status: values.status, signature_url: path, notes: values.notes.trim() || null });
    toast.success(savedToast(t, message));
    onSaved();
  }

  return (
    <Form form={form} onSubmit={submit} onServerError={onServerError} className="space-y-4" aria-label={t('edit.title')}>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('col.warehouse')}</dt>
          <dd>
            {handoff.warehouse_code} · {handoff.warehouse_name}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('form.delivery')}</dt>
          <dd>{handoff.delivery_code ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('form.pickingOrder')}</dt>
          <dd>{handoff.reference_number ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('form.staff')}</dt>
          <dd>{handoff.staff_name ?? '—'}</dd>
        </div>
      </dl>
      <SelectField<EditHandoffInput, 'status'> name="status" label={t('col.status')} required options={statuses.options} placeholder={t('form.chooseStatus')} />
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('form.storedSignature')}</p>
        {stored?.url ? (
          <img src={stored.url} alt={t('form.storedSignature')} className="h-24 rounded border border-slate-200 bg-white dark:border-slate-700" />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{stored ? t('form.signatureUnavailable') : t('form.loadingSignature')}</p>
        )}
      </div>
      <SignatureField<EditHandoffInput, 'signature_url'> name="signature_url" label={t('form.newSignature')} help={t('form.newSignatureHelp')} />
      <TextAreaField<EditHandoffInput, 'notes'> name="notes" label={t('form.notes')} />
      <Actions onCancel={onClose} submitLabel={t('form.submit')} />
    </Form>
  );
}
