import { useWatch } from 'react-hook-form';
import { inventoryItemLabel, lookupBins, lookupInventoryItems } from '../../../data/inventory';
import { locationLabel } from '../../../data/locations';
import { lookupSuppliers, supplierLabel } from '../../../data/suppliers';
import { warehouseLookup } from '../../../data/warehouses';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ArrayField, ComboboxField, DateField, Form, FormActions, NumberField, TextField, useRecordSave, useZodForm } from '../../../ui/form';
import { TextAreaField } from '../../../ui/form/TextAreaField';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { getReceiveOrder, saveReceiveOrder } from '../api';
import {
  emptyLine,
  RECEIVE_ORDER_TOASTS,
  ReceiveOrderFormSchema,
  toFormValues,
  type ReceiveOrder,
  type ReceiveOrderFormInput,
  type ReceiveOrderFormOutput,
} from '../schema';

const LIST_PATH = adminPaths.receiveOrders();

/** Create (no id in the route) or edit (`receive-orders/:id/edit`). */
export function ReceiveOrderFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<ReceiveOrder>
      mode={mode}
      scope={tenantId}
      load={(id) => getReceiveOrder(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Receive Orders"
      titles={{ create: 'Create receive order', edit: 'Edit receive order' }}
      messages={{ fetchFailed: 'Failed to fetch receive order', notFound: 'Receive order not found' }}
      loadingLabel="Loading receive order"
    >
      {(order) => <ReceiveOrderForm tenantId={tenantId} order={order} />}
    </RecordFormPage>
  );
}

function ReceiveOrderForm({ tenantId, order }: { tenantId: string; order: ReceiveOrder | null }) {
  const form = useZodForm(ReceiveOrderFormSchema, { defaultValues: toFormValues(order) });
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' });
  const save = useRecordSave<ReceiveOrder, ReceiveOrderFormOutput>({
    record: order,
    create: (values) => saveReceiveOrder(null, values),
    update: (current, values) => saveReceiveOrder(current.id, values),
    messages: { ...RECEIVE_ORDER_TOASTS, validation: order ? RECEIVE_ORDER_TOASTS.updateFailed : RECEIVE_ORDER_TOASTS.createFailed },
    then: LIST_PATH,
  });

  return (
    <Form
      form={form}
      onSubmit={(values: ReceiveOrderFormOutput) => save.onSubmit(values)}
      onServerError={save.onServerError}
      className="max-w-4xl space-y-5"
      aria-label={order ? `Edit receive order ${order.receive_code}` : 'Create receive order'}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ComboboxField<ReceiveOrderFormInput, 'supplier_id'>
          name="supplier_id"
          label="Supplier"
          required
          search={(term, signal, limit) => lookupSuppliers(tenantId, term, limit, signal)}
          resolveLabel={(id) => supplierLabel(tenantId, id)}
        />
        <ComboboxField<ReceiveOrderFormInput, 'warehouse_id'>
          name="warehouse_id"
          label="Warehouse"
          required
          {...warehouseLookup(tenantId)}
        />
        <TextField<ReceiveOrderFormInput, 'reference'> name="reference" label="Reference" help="The supplier's order or delivery note number" />
        <DateField<ReceiveOrderFormInput, 'expected_date'> name="expected_date" label="Expected date" />
      </div>
      <TextAreaField<ReceiveOrderFormInput, 'notes'> name="notes" label="Notes" />
      <ArrayField<ReceiveOrderFormInput, 'lines'> name="lines" label="Lines" required min={1} max={200} newRow={emptyLine} addLabel="Add line" removeLabel="Remove line">
        {(index) => (
          <div className="grid gap-3 sm:grid-cols-5">
            <div className="sm:col-span-2">
              <ComboboxField<ReceiveOrderFormInput, `lines.${number}.item_id`>
                name={`lines.${index}.item_id`}
                label="Item"
                required
                search={(term, signal, limit) => lookupInventoryItems(tenantId, term, limit, signal, { activeOnly: true })}
                resolveLabel={(id) => inventoryItemLabel(tenantId, id)}
              />
            </div>
            <NumberField<ReceiveOrderFormInput, `lines.${number}.expected_quantity`> name={`lines.${index}.expected_quantity`} label="Expected quantity" required step={1} />
            <TextField<ReceiveOrderFormInput, `lines.${number}.lot_number`> name={`lines.${index}.lot_number`} label="Lot number" />
            <TextField<ReceiveOrderFormInput, `lines.${number}.serial_number`> name={`lines.${index}.serial_number`} label="Serial number" />
            <div className="sm:col-span-2">
              <ComboboxField<ReceiveOrderFormInput, `lines.${number}.target_bin_id`>
                key={`bin-${warehouseId}`}
                name={`lines.${index}.target_bin_id`}
                label="Target bin"
                disabled={!warehouseId}
                search={(term, signal, limit) => lookupBins(tenantId, warehouseId, term, limit, signal, { activeOnly: true })}
                resolveLabel={(id) => locationLabel(tenantId, id)}
              />
            </div>
          </div>
        )}
      </ArrayField>
      <FormActions submitLabel={order ? 'Save changes' : 'Create receive order'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function ReceiveOrderCreatePage() {
  return <ReceiveOrderFormPage mode="create" />;
}

export function ReceiveOrderEditPage() {
  return <ReceiveOrderFormPage mode="edit" />;
}
