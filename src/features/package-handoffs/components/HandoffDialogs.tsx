import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { lookupAssignedDeliveries, lookupCompletedPickOrders, lookupWarehouseStaffRows } from '../../../data/handoffs';
import { packageHandoffStatus } from '../../../data/statuses/package-handoff';
import { warehouseLookup } from '../../../data/warehouses';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ComboboxField, Form, SelectField, SignatureField, SubmitButton, TextAreaField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { savePackageHandoff, signatureUrl, uploadSignature } from '../api';
import {
  createHandoffSchema,
  editHandoffSchema,
  emptyCreateHandoff,
  HANDOFF_TOASTS,
  toEditHandoff,
  type CreateHandoffInput,
  type CreateHandoffOutput,
  type EditHandoffInput,
  type EditHandoffOutput,
  type PackageHandoffRow,
} from '../schema';

/** The save's failure toasts: the form's when the server placed messages on fields, else the server's words. */
function useFailureToasts() {
  const toast = useToast();
  return (error: unknown, result: ServerErrorResult) => {
    if (result.applied.length > 0) {
      toast.error(HANDOFF_TOASTS.formFailed);
      if (result.unmatched) toast.error(result.unmatched);
      return;
    }
    const message = error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error) ? String((error as { message: unknown }).message ?? '') : '';
    toast.error(HANDOFF_TOASTS.submitFailed);
    toast.error(message || HANDOFF_TOASTS.operationFailed);
  };
}

function Actions({ onCancel, submitLabel }: { onCancel: () => void; submitLabel: string }) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton>{submitLabel}</SubmitButton>
    </div>
  );
}

export interface CreateHandoffDialogProps {
  open: boolean;
  tenantId: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Add: warehouse first (its staff and completed pick orders only then), an assigned delivery, the signature drawn on the pad. */
export function CreateHandoffDialog({ open, tenantId, onClose, onSaved }: CreateHandoffDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add package handoff" size="lg">
      {open && <CreateHandoffForm tenantId={tenantId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function CreateHandoffForm({ tenantId, onClose, onSaved }: Omit<CreateHandoffDialogProps, 'open'>) {
  const toast = useToast();
  const onServerError = useFailureToasts();
  const form = useZodForm(createHandoffSchema, { defaultValues: emptyCreateHandoff() });
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
      toast.error(HANDOFF_TOASTS.tenantRequired);
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
    toast.success(message ?? HANDOFF_TOASTS.submitted);
    onSaved();
  }

  return (
    <Form form={form} onSubmit={submit} onServerError={onServerError} className="space-y-4" aria-label="Create package handoff">
      <div className="grid gap-4 sm:grid-cols-2">
        <ComboboxField<CreateHandoffInput, 'warehouse_id'>
          name="warehouse_id"
          label="Warehouse"
          required
          {...warehouseLookup(tenantId)}
          placeholder="Search warehouses"
        />
        <ComboboxField<CreateHandoffInput, 'delivery_id'>
          name="delivery_id"
          label="Delivery"
          required
          search={(term, signal, limit) => lookupAssignedDeliveries(warehouseId || null, term, limit, signal)}
          placeholder="Search assigned deliveries"
        />
        <ComboboxField<CreateHandoffInput, 'picking_order_id'>
          key={`pick:${warehouseId}`}
          name="picking_order_id"
          label="Picking order"
          required
          disabled={noWarehouse}
          search={(term, signal, limit) => lookupCompletedPickOrders(tenantId, warehouseId, term, limit, signal)}
          placeholder={noWarehouse ? 'Choose a warehouse first' : 'Search completed pick orders'}
        />
        <ComboboxField<CreateHandoffInput, 'warehouse_staff_id'>
          key={`staff:${warehouseId}`}
          name="warehouse_staff_id"
          label="Warehouse staff"
          required
          disabled={noWarehouse}
          search={(term, signal, limit) => lookupWarehouseStaffRows(tenantId, warehouseId, term, limit, signal)}
          placeholder={noWarehouse ? 'Choose a warehouse first' : 'Search staff'}
        />
      </div>
      <SignatureField<CreateHandoffInput, 'signature_url'> name="signature_url" label="Signature" required help="The staff member signs with a finger or the mouse." />
      <TextAreaField<CreateHandoffInput, 'notes'> name="notes" label="Notes" />
      <Actions onCancel={onClose} submitLabel="Submit" />
    </Form>
  );
}

export interface EditHandoffDialogProps {
  handoff: PackageHandoffRow | null;
  tenantId: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit: the status (all four; the database refuses a move the machine has not) and the signature, kept unless redrawn. */
export function EditHandoffDialog({ handoff, tenantId, onClose, onSaved }: EditHandoffDialogProps) {
  return (
    <Dialog open={handoff !== null} onClose={onClose} title="Edit package handoff" size="lg">
      {handoff && <EditHandoffForm key={handoff.id} handoff={handoff} tenantId={tenantId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditHandoffForm({ handoff, tenantId, onClose, onSaved }: Omit<EditHandoffDialogProps, 'handoff'> & { handoff: PackageHandoffRow }) {
  const toast = useToast();
  const onServerError = useFailureToasts();
  const schema = useMemo(() => editHandoffSchema(handoff.signature_url !== ''), [handoff.signature_url]);
  const form = useZodForm(schema, { defaultValues: toEditHandoff(handoff) });
  const [stored, setStored] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    signatureUrl(handoff.signature_url).then(
      (url) => live && setStored({ path: handoff.signature_url, url }),
      () => live && setStored({ path: handoff.signature_url, url: null }),
    );
    return () => {
      live = false;
    };
  }, [handoff.signature_url]);

  async function submit(values: EditHandoffOutput) {
    if (!tenantId) {
      toast.error(HANDOFF_TOASTS.tenantRequired);
      return;
    }
    const path = values.signature_url instanceof Blob ? await uploadSignature(tenantId, handoff.warehouse_id, values.signature_url) : handoff.signature_url;
    const message = await savePackageHandoff(handoff.id, { status: values.status, signature_url: path, notes: values.notes.trim() || null });
    toast.success(message ?? HANDOFF_TOASTS.submitted);
    onSaved();
  }

  return (
    <Form form={form} onSubmit={submit} onServerError={onServerError} className="space-y-4" aria-label="Edit package handoff">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Warehouse</dt>
          <dd>
            {handoff.warehouse_code} · {handoff.warehouse_name}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Delivery</dt>
          <dd>{handoff.delivery_code ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Picking order</dt>
          <dd>{handoff.reference_number ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Warehouse staff</dt>
          <dd>{handoff.staff_name ?? '—'}</dd>
        </div>
      </dl>
      <SelectField<EditHandoffInput, 'status'> name="status" label="Status" required options={packageHandoffStatus.options} placeholder="Choose a status" />
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Stored signature</p>
        {stored?.url ? (
          <img src={stored.url} alt="Stored signature" className="h-24 rounded border border-slate-200 bg-white dark:border-slate-700" />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{stored ? 'The stored signature could not be shown.' : 'Loading the signature…'}</p>
        )}
      </div>
      <SignatureField<EditHandoffInput, 'signature_url'> name="signature_url" label="New signature" help="Draw only to replace the stored signature." />
      <TextAreaField<EditHandoffInput, 'notes'> name="notes" label="Notes" />
      <Actions onCancel={onClose} submitLabel="Submit" />
    </Form>
  );
}
