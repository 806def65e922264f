import { inventoryMessages } from '../messages';
import { useT } from '../../../lib/i18n/catalogue';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useTenantId } from '../../../lib/tenant';
import { Form, FormActions, NumberField, SelectField, SwitchField, TextField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { TextAreaField } from '../../../ui/form/TextAreaField';
import { uiMessages } from '../../../ui/messages';
import { modePages, RecordFormPage } from '../../../ui/RecordFormPage';
import { createItem, getItem, renderLabel, updateItem } from '../api';
import {
  CATEGORIES,
  emptyItemForm,
  ItemFormSchema,
  LENGTH_UNITS,
  SUBCATEGORIES,
  toItemFormValues,
  type InventoryItem,
  type ItemFormInput,
} from '../schema';
import { translateInventoryMessage, useInventoryWords } from '../words';

const itemForm = defineRecordForm({
  words: inventoryMessages,
  schema: ItemFormSchema,
  translate: translateInventoryMessage,
  values: toItemFormValues,
  create: (tenantId, write) => withLabel(createItem(tenantId, write)),
  update: (tenantId, id, write) => withLabel(updateItem(tenantId, id, write)),
  // A save the database refuses on fields still says the spec's failure toast.
  fieldErrorsToast: 'failed',
});

/** The label is drawn before the list shows the item again (its chip then says how it went). */
async function withLabel(saving: Promise<InventoryItem>) {
  const saved = await saving;
  await renderLabel(saved);
  return saved;
}

/** Create (no id in the route) or edit (`inventory-items/:id/edit`). */
export function InventoryItemFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  const nav = useT(navMessages);
  return (
    <RecordFormPage<InventoryItem> mode={mode} scope={tenantId} load={(id) => getItem(tenantId, id)} listPath={adminPaths.inventoryItems()} listLabel={nav('nav.inventoryItems')} words={inventoryMessages}>
      {(item) => <ItemFormOnceSettled tenantId={tenantId} item={item} />}
    </RecordFormPage>
  );
}

/** A new item's dimensions start in the tenant's length unit, so the form waits for the settings. */
function ItemFormOnceSettled({ tenantId, item }: { tenantId: string; item: InventoryItem | null }) {
  const settings = useTenantSettings();
  const ui = useT(uiMessages);
  if (settings.status === 'loading' && !item) return <p className="text-sm text-slate-500">{ui('loading')}</p>;
  const units = settings.status === 'ready' ? settings.settings.units : null;
  return <ItemForm tenantId={tenantId} item={item} lengthUnit={units?.length ?? 'cm'} weightUnit={units?.weight} />;
}

function ItemForm({ tenantId, item, lengthUnit, weightUnit }: { tenantId: string; item: InventoryItem | null; lengthUnit: 'cm' | 'in'; weightUnit?: string }) {
  const { editing, formProps } = useRecordForm(itemForm, tenantId, item, { empty: emptyItemForm(lengthUnit) });
  const { t, options } = useInventoryWords();

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={editing ? t('form.edit') : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<ItemFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<ItemFormInput, 'sku'> name="sku" label={t('field.sku')} required />
        <TextField<ItemFormInput, 'barcode'> name="barcode" label={t('field.barcode')} help={t('field.barcodeHelp')} />
        <NumberField<ItemFormInput, 'unit_size'> name="unit_size" label={t('field.unitSize')} required step="any" />
      </div>
      <TextAreaField<ItemFormInput, 'description'> name="description" label={t('field.description')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<ItemFormInput, 'category'> name="category" label={t('field.category')} options={options(CATEGORIES)} placeholder={t('field.none')} />
        <SelectField<ItemFormInput, 'subcategory'> name="subcategory" label={t('field.subcategory')} options={options(SUBCATEGORIES)} placeholder={t('field.none')} />
        <TextField<ItemFormInput, 'brand'> name="brand" label={t('field.brand')} />
        <TextField<ItemFormInput, 'model'> name="model" label={t('field.model')} />
        <NumberField<ItemFormInput, 'weight'> name="weight" label={t('field.weight')} step="any" unit={weightUnit} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('field.dimensions')}</legend>
        <div className="grid gap-5 sm:grid-cols-4">
          <NumberField<ItemFormInput, 'dimensions.length'> name="dimensions.length" label={t('field.length')} step="any" />
          <NumberField<ItemFormInput, 'dimensions.width'> name="dimensions.width" label={t('field.width')} step="any" />
          <NumberField<ItemFormInput, 'dimensions.height'> name="dimensions.height" label={t('field.height')} step="any" />
          <SelectField<ItemFormInput, 'dimensions.unit'> name="dimensions.unit" label={t('field.unit')} options={options(LENGTH_UNITS)} />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('field.attributes')}</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField<ItemFormInput, 'attributes.color'> name="attributes.color" label={t('field.color')} />
          <TextField<ItemFormInput, 'attributes.connectivity'> name="attributes.connectivity" label={t('field.connectivity')} />
          <TextField<ItemFormInput, 'attributes.battery_life'> name="attributes.battery_life" label={t('field.batteryLife')} />
        </div>
      </fieldset>
      <SwitchField<ItemFormInput, 'is_active'> name="is_active" label={t('field.active')} />
      <FormActions submitLabel={editing ? t('form.save') : t('form.createItem')} />
    </Form>
  );
}

export const { create: InventoryItemCreatePage, edit: InventoryItemEditPage } = modePages(InventoryItemFormPage);
