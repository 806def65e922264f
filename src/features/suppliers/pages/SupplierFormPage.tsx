import { useMemo } from 'react';
import { adminPaths } from '../../../lib/paths';
import { Form, FormActions, LookupField, NumberField, SelectField, SwitchField, TextField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { tenantRecordPages, type TenantRecordFormProps } from '../../../ui/TenantRecordPages';
import { tenantAddressLookup } from '../../../data/addresses';
import { addressLabel } from '../../../data/address-label';
import { currentOption } from '../../../lib/lookup-option';
import { createSupplier, getSupplier, updateSupplier } from '../api';
import {
  emptySupplierForm,
  SupplierFormSchema,
  toSupplierFormValues,
  toSupplierWrite,
  type Supplier,
  type SupplierFormInput,
} from '../schema';
import { supplierMessages } from '../messages';
import { termsOptions, translateSupplierMessage } from '../words';

const supplierForm = defineRecordForm({
  words: supplierMessages,
  schema: SupplierFormSchema,
  translate: translateSupplierMessage,
  values: toSupplierFormValues,
  empty: emptySupplierForm,
  toWrite: toSupplierWrite,
  create: createSupplier,
  update: updateSupplier,
});

export const { create: SupplierCreatePage, edit: SupplierEditPage } = tenantRecordPages({ load: getSupplier, listPath: adminPaths.suppliers(), words: supplierMessages, form: SupplierForm });

function SupplierForm({ tenantId, record: supplier }: TenantRecordFormProps<Supplier>) {
  const { t, formProps, field } = useRecordForm(supplierForm, tenantId, supplier);
  const addressOption = currentOption(supplier?.address?.id, supplier?.address && addressLabel(supplier.address));
  const terms = useMemo(() => termsOptions(t), [t]);

  return (
    <Form {...formProps} className="max-w-3xl space-y-6" aria-label={supplier ? t('form.edit') : t('form.create')}>
      <section className="grid gap-5 sm:grid-cols-2">
        <TextField<SupplierFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<SupplierFormInput, 'code'> name="code" label={t('field.code')} required />
      </section>
      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t('field.contact')}</legend>
        <TextField<SupplierFormInput, 'contact_name'> name="contact_name" label={t('field.contactName')} autoComplete="off" />
        <TextField<SupplierFormInput, 'contact_email'> name="contact_email" label={t('field.email')} type="email" autoComplete="off" />
        <TextField<SupplierFormInput, 'contact_phone'> name="contact_phone" label={t('field.phone')} type="tel" autoComplete="off" />
        <LookupField {...field('address_id')} label={t('field.address')} className="sm:col-span-3" lookup={tenantAddressLookup(tenantId)} initialOptions={addressOption} placeholder={t('field.addressSearch')} />
      </fieldset>
      <section className="grid gap-5 sm:grid-cols-2">
        <NumberField<SupplierFormInput, 'lead_time_days'> name="lead_time_days" label={t('field.leadTime')} required min={0} max={365} step={1} unit={t('field.days')} />
        <SelectField<SupplierFormInput, 'payment_terms'> name="payment_terms" label={t('field.terms')} required options={terms} />
        <TextField<SupplierFormInput, 'notes'> name="notes" label={t('field.notes')} className="sm:col-span-2" />
        <SwitchField<SupplierFormInput, 'active'> name="active" label={t('field.active')} />
      </section>
      <FormActions submitLabel={supplier ? t('form.save') : t('form.create')} />
    </Form>
  );
}
