import { useWatch } from 'react-hook-form';
import { inventoryItemLookup, binLookup } from '../../../data/inventory';
import { supplierLookup } from '../../../data/suppliers';
import { warehouseLookup } from '../../../data/warehouses';
import { adminPaths } from '../../../lib/paths';
import { ArrayField, DateField, Form, FormActions, LookupField, NumberField, TextField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { TextAreaField } from '../../../ui/form/TextAreaField';
import { tenantRecordPages, type TenantRecordFormProps } from '../../../ui/TenantRecordPages';
import { getReceiveOrder, saveReceiveOrder } from '../api';
import {
  emptyLine,
  ReceiveOrderFormSchema,
  toFormValues,
  type ReceiveOrder,
  type ReceiveOrderFormInput,
} from '../schema';
import { receiveOrderMessages } from '../messages';
import { translateReceiveOrderMessage } from '../words';

const receiveOrderForm = defineRecordForm({
  words: receiveOrderMessages,
  schema: ReceiveOrderFormSchema,
  translate: translateReceiveOrderMessage,
  values: (order: ReceiveOrder) => toFormValues(order),
  empty: () => toFormValues(null),
  create: (_tenantId, write) => saveReceiveOrder(null, write),
  update: (_tenantId, id, write) => saveReceiveOrder(id, write),
  fieldErrorsToast: 'failed',
});

function ReceiveOrderForm({ tenantId, record: order }: TenantRecordFormProps<ReceiveOrder>) {
  const { t, form, formProps, field } = useRecordForm(receiveOrderForm, tenantId, order);
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' });

  return (
    <Form {...formProps} className="max-w-4xl space-y-5" aria-label={order ? t('form.editCode', { code: order.receive_code }) : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField {...field('supplier_id')} label={t('field.supplier')} required lookup={supplierLookup(tenantId)} />
        <LookupField {...field('warehouse_id')} label={t('field.warehouse')} required lookup={warehouseLookup(tenantId)} />
        <TextField<ReceiveOrderFormInput, 'reference'> name="reference" label={t('field.reference')} help={t('field.referenceHelp')} />
        <DateField<ReceiveOrderFormInput, 'expected_date'> name="expected_date" label={t('field.expectedDate')} />
      </div>
      <TextAreaField<ReceiveOrderFormInput, 'notes'> name="notes" label={t('field.notes')} />
      <ArrayField<ReceiveOrderFormInput, 'lines'> name="lines" label={t('field.lines')} required min={1} max={200} newRow={emptyLine} addLabel={t('field.addLine')} removeLabel={t('field.removeLine')}>
        {(index) => (
          <div className="grid gap-3 sm:grid-cols-5">
            <div className="sm:col-span-2">
              <LookupField {...field(`lines.${index}.item_id`)} label={t('field.item')} required lookup={inventoryItemLookup(tenantId, { activeOnly: true })} />
            </div>
            <NumberField<ReceiveOrderFormInput, `lines.${number}.expected_quantity`> name={`lines.${index}.expected_quantity`} label={t('field.quantity')} required step={1} />
            <TextField<ReceiveOrderFormInput, `lines.${number}.lot_number`> name={`lines.${index}.lot_number`} label={t('field.lot')} />
            <TextField<ReceiveOrderFormInput, `lines.${number}.serial_number`> name={`lines.${index}.serial_number`} label={t('field.serial')} />
            <div className="sm:col-span-2">
              <LookupField key={`bin-${warehouseId}`} {...field(`lines.${index}.target_bin_id`)} label={t('field.bin')} disabled={!warehouseId} lookup={binLookup(tenantId, warehouseId, { activeOnly: true })} />
            </div>
          </div>
        )}
      </ArrayField>
      <FormActions submitLabel={order ? t('form.save') : t('form.create')} />
    </Form>
  );
}

/** Create (no id in the route) or edit (`receive-orders/:id/edit`). */
export const { create: ReceiveOrderCreatePage, edit: ReceiveOrderEditPage } = tenantRecordPages({ load: getReceiveOrder, listPath: adminPaths.receiveOrders(), words: receiveOrderMessages, form: ReceiveOrderForm });
