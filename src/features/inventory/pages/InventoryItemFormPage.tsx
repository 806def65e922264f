import { adminPaths } from '../../../lib/paths';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useTenantId } from '../../../lib/tenant';
import { Form, FormActions, NumberField, SelectField, SwitchField, TextField, useRecordSave, useZodForm } from '../../../ui/form';
import { TextAreaField } from '../../../ui/form/TextAreaField';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { createItem, getItem, renderLabel, updateItem } from '../api';
import {
  CATEGORIES,
  emptyItemForm,
  ITEM_TOASTS,
  ItemFormSchema,
  LENGTH_UNITS,
  SUBCATEGORIES,
  toItemFormValues,
  type InventoryItem,
  type ItemFormInput,
  type ItemFormOutput,
  type ItemWrite,
} from '../schema';

const LIST_PATH = adminPaths.inventoryItems();
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Create (no id in the route) or edit (`inventory-items/:id/edit`). */
export function InventoryItemFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<InventoryItem>
      mode={mode}
      scope={tenantId}
      load={(id) => getItem(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Inventory Items"
      titles={{ create: 'Create inventory item', edit: 'Edit inventory item' }}
      messages={{ ...ITEM_TOASTS, fetchFailed: 'Failed to fetch inventory item' }}
      loadingLabel="Loading inventory item"
    >
      {(item) => <ItemFormOnceSettled tenantId={tenantId} item={item} />}
    </RecordFormPage>
  );
}

/** A new item's dimensions start in the tenant's length unit, so the form waits for the settings. */
function ItemFormOnceSettled({ tenantId, item }: { tenantId: string; item: InventoryItem | null }) {
  const settings = useTenantSettings();
  if (settings.status === 'loading' && !item) return <p className="text-sm text-slate-500">Loading…</p>;
  const units = settings.status === 'ready' ? settings.settings.units : null;
  return <ItemForm tenantId={tenantId} item={item} lengthUnit={units?.length ?? 'cm'} weightUnit={units?.weight} />;
}

function ItemForm({ tenantId, item, lengthUnit, weightUnit }: { tenantId: string; item: InventoryItem | null; lengthUnit: 'cm' | 'in'; weightUnit?: string }) {
  const editing = item !== null;
  const form = useZodForm(ItemFormSchema, { defaultValues: item ? toItemFormValues(item) : emptyItemForm(lengthUnit) });
  const save = useRecordSave<InventoryItem, ItemWrite>({
    record: item,
    // The label is drawn before the list shows the item again (its chip then says how it went).
    create: async (write) => {
      const saved = await createItem(tenantId, write);
      await renderLabel(saved);
      return saved;
    },
    update: async (current, write) => {
      const saved = await updateItem(tenantId, current.id, write);
      await renderLabel(saved);
      return saved;
    },
    // A save the database refuses on fields still says the spec's failure toast.
    messages: { ...ITEM_TOASTS, validation: editing ? ITEM_TOASTS.updateFailed : ITEM_TOASTS.createFailed },
    then: LIST_PATH,
  });

  return (
    <Form
      form={form}
      onSubmit={(values: ItemFormOutput) => save.onSubmit(values)}
      onServerError={save.onServerError}
      className="max-w-3xl space-y-5"
      aria-label={editing ? 'Edit inventory item' : 'Create inventory item'}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<ItemFormInput, 'name'> name="name" label="Name" required />
        <TextField<ItemFormInput, 'sku'> name="sku" label="SKU" required />
        <TextField<ItemFormInput, 'barcode'> name="barcode" label="Barcode" help="Printed as a Code 128 on the label; the SKU when empty" />
        <NumberField<ItemFormInput, 'unit_size'> name="unit_size" label="Unit size" required step="any" />
      </div>
      <TextAreaField<ItemFormInput, 'description'> name="description" label="Description" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<ItemFormInput, 'category'> name="category" label="Category" options={options(CATEGORIES)} placeholder="None" />
        <SelectField<ItemFormInput, 'subcategory'> name="subcategory" label="Subcategory" options={options(SUBCATEGORIES)} placeholder="None" />
        <TextField<ItemFormInput, 'brand'> name="brand" label="Brand" />
        <TextField<ItemFormInput, 'model'> name="model" label="Model" />
        <NumberField<ItemFormInput, 'weight'> name="weight" label="Weight" step="any" unit={weightUnit} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Dimensions</legend>
        <div className="grid gap-5 sm:grid-cols-4">
          <NumberField<ItemFormInput, 'dimensions.length'> name="dimensions.length" label="Length" step="any" />
          <NumberField<ItemFormInput, 'dimensions.width'> name="dimensions.width" label="Width" step="any" />
          <NumberField<ItemFormInput, 'dimensions.height'> name="dimensions.height" label="Height" step="any" />
          <SelectField<ItemFormInput, 'dimensions.unit'> name="dimensions.unit" label="Unit" options={options(LENGTH_UNITS)} />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Attributes</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField<ItemFormInput, 'attributes.color'> name="attributes.color" label="Color" />
          <TextField<ItemFormInput, 'attributes.connectivity'> name="attributes.connectivity" label="Connectivity" />
          <TextField<ItemFormInput, 'attributes.battery_life'> name="attributes.battery_life" label="Battery life" />
        </div>
      </fieldset>
      <SwitchField<ItemFormInput, 'is_active'> name="is_active" label="Active" />
      <FormActions submitLabel={editing ? 'Save changes' : 'Create item'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function InventoryItemCreatePage() {
  return <InventoryItemFormPage mode="create" />;
}

export function InventoryItemEditPage() {
  return <InventoryItemFormPage mode="edit" />;
}
