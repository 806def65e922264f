import { useCallback, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { inventoryItemLookup, binLookup } from '../../../data/inventory';
import { supplierLookup } from '../../../data/suppliers';
import { warehouseLookup } from '../../../data/warehouses';
import { useT } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ArrayField, DateField, Form, FormActions, LookupField, NumberField, TextField, useRecordSave, useZodForm } from '../../../ui/form';
import { TextAreaField } from '../../../ui/form/TextAreaField';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { getReceiveOrder, saveReceiveOrder } from '../api';
import {
  emptyLine,
  ReceiveOrderFormSchema,
  toFormValues,
  type ReceiveOrder,
  type ReceiveOrderFormInput,
  type ReceiveOrderFormOutput,
} from '../schema';
import { receiveOrderMessages } from '../messages';
import { translateReceiveOrderMessage } from '../words';

const LIST_PATH = adminPaths.receiveOrders();

/** Create (no id in the route) or edit (`receive-orders/:id/edit`). */
export function ReceiveOrderFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<ReceiveOrder> mode={mode} scope={tenantId} load={(id) => getReceiveOrder(tenantId, id)} listPath={LIST_PATH} words={receiveOrderMessages}>
      {(order) => <ReceiveOrderForm tenantId={tenantId} order={order} />}
    </RecordFormPage>
  );
}

function ReceiveOrderForm({ tenantId, order }: { tenantId: string; order: ReceiveOrder | null }) {
  const t = useT(receiveOrderMessages);
  const translate = useCallback((message: string) => translateReceiveOrderMessage(t, message), [t]);
  const form = useZodForm(ReceiveOrderFormSchema, { defaultValues: toFormValues(order) }, translate);
  const toasts = useMemo(
    () => ({ created: t('toast.created'), updated: t('toast.updated'), createFailed: t('toast.createFailed'), updateFailed: t('toast.updateFailed'), unknown: t('toast.unknown') }),
    [t],
  );
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' });
  const save = useRecordSave<ReceiveOrder, ReceiveOrderFormOutput>({
    record: order,
    create: (values) => saveReceiveOrder(null, values),
    update: (current, values) => saveReceiveOrder(current.id, values),
    messages: { ...toasts, validation: order ? toasts.updateFailed : toasts.createFailed },
    then: LIST_PATH,
  });

  return (
    <Form
      form={form}
      onSubmit={(values: ReceiveOrderFormOutput) => save.onSubmit(values)}
      onServerError={save.onServerError}
      className="max-w-4xl space-y-5"
      aria-label={order ? t('form.editCode', { code: order.receive_code }) : t('form.create')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField<ReceiveOrderFormInput, 'supplier_id'> name="supplier_id" label={t('field.supplier')} required lookup={supplierLookup(tenantId)} />
        <LookupField<ReceiveOrderFormInput, 'warehouse_id'> name="warehouse_id" label={t('field.warehouse')} required lookup={warehouseLookup(tenantId)} />
        <TextField<ReceiveOrderFormInput, 'reference'> name="reference" label={t('field.reference')} help={t('field.referenceHelp')} />
        <DateField<ReceiveOrderFormInput, 'expected_date'> name="expected_date" label={t('field.expectedDate')} />
      </div>
      <TextAreaField<ReceiveOrderFormInput, 'notes'> name="notes" label={t('field.notes')} />
      <ArrayField<ReceiveOrderFormInput, 'lines'> name="lines" label={t('field.lines')} required min={1} max={200} newRow={emptyLine} addLabel={t('field.addLine')} removeLabel={t('field.removeLine')}>
        {(index) => (
          <div className="grid gap-3 sm:grid-cols-5">
            <div className="sm:col-span-2">
              <LookupField<ReceiveOrderFormInput, `lines.${number}.item_id`>
                name={`lines.${index}.item_id`}
                label={t('field.item')}
                required
                lookup={inventoryItemLookup(tenantId, { activeOnly: true })}
              />
            </div>
            <NumberField<ReceiveOrderFormInput, `lines.${number}.expected_quantity`> name={`lines.${index}.expected_quantity`} label={t('field.quantity')} required step={1} />
            <TextField<ReceiveOrderFormInput, `lines.${number}.lot_number`> name={`lines.${index}.lot_number`} label={t('field.lot')} />
            <TextField<ReceiveOrderFormInput, `lines.${number}.serial_number`> name={`lines.${index}.serial_number`} label={t('field.serial')} />
            <div className="sm:col-span-2">
              <LookupField<ReceiveOrderFormInput, `lines.${number}.target_bin_id`>
                key={`bin-${warehouseId}`}
                name={`lines.${index}.target_bin_id`}
                label={t('field.bin')}
                disabled={!warehouseId}
                lookup={binLookup(tenantId, warehouseId, { activeOnly: true })}
              />
            </div>
          </div>
        )}
      </ArrayField>
      <FormActions submitLabel={order ? t('form.save') : t('form.create')} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function ReceiveOrderCreatePage() {
  return <ReceiveOrderFormPage mode="create" />;
}

export function ReceiveOrderEditPage() {
  return <ReceiveOrderFormPage mode="edit" />;
}
