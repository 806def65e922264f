import { useCallback, useMemo } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Form, FormActions, LookupField, NumberField, SelectField, SwitchField, TextField, useRecordSave, useRecordToasts, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { tenantAddressLookup } from '../../../data/addresses';
import { addressLabel } from '../../../data/address-label';
import { createSupplier, getSupplier, updateSupplier } from '../api';
import {
  emptySupplierForm,
  SupplierFormSchema,
  toSupplierFormValues,
  toSupplierWrite,
  type Supplier,
  type SupplierFormInput,
  type SupplierFormOutput,
} from '../schema';
import { supplierMessages } from '../messages';
import { termsOptions, translateSupplierMessage } from '../words';

const LIST_PATH = adminPaths.suppliers();

function SupplierFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<Supplier> mode={mode} scope={tenantId} load={(id) => getSupplier(tenantId, id)} listPath={LIST_PATH} words={supplierMessages}>
      {(supplier) => <SupplierForm tenantId={tenantId} supplier={supplier} />}
    </RecordFormPage>
  );
}

export function SupplierCreatePage() {
  return <SupplierFormPage mode="create" />;
}

export function SupplierEditPage() {
  return <SupplierFormPage mode="edit" />;
}

function SupplierForm({ tenantId, supplier }: { tenantId: string; supplier: Supplier | null }) {
  const t = useT(supplierMessages);
  const toasts = useRecordToasts(supplierMessages);
  const translate = useCallback((message: string) => translateSupplierMessage(t, message), [t]);
  const terms = useMemo(() => termsOptions(t), [t]);
  const form = useZodForm(SupplierFormSchema, { defaultValues: supplier ? toSupplierFormValues(supplier) : emptySupplierForm() }, translate);
  const { onSubmit, onServerError } = useRecordSave<Supplier, SupplierFormOutput>({
    record: supplier,
    create: (values) => createSupplier(tenantId, toSupplierWrite(values)),
    update: (current, values) => updateSupplier(tenantId, current.id, toSupplierWrite(values)),
    messages: toasts,
    then: LIST_PATH,
  });

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={supplier ? t('form.edit') : t('form.create')}>
      <section className="grid gap-5 sm:grid-cols-2">
        <TextField<SupplierFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<SupplierFormInput, 'code'> name="code" label={t('field.code')} required />
      </section>
      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t('field.contact')}</legend>
        <TextField<SupplierFormInput, 'contact_name'> name="contact_name" label={t('field.contactName')} autoComplete="off" />
        <TextField<SupplierFormInput, 'contact_email'> name="contact_email" label={t('field.email')} type="email" autoComplete="off" />
        <TextField<SupplierFormInput, 'contact_phone'> name="contact_phone" label={t('field.phone')} type="tel" autoComplete="off" />
        <LookupField<SupplierFormInput, 'address_id'>
          name="address_id"
          label={t('field.address')}
          className="sm:col-span-3"
          lookup={tenantAddressLookup(tenantId)}
          initialOptions={supplier?.address ? [{ value: supplier.address.id, label: addressLabel(supplier.address) }] : []}
          placeholder={t('field.addressSearch')}
        />
      </fieldset>
      <section className="grid gap-5 sm:grid-cols-2">
        <NumberField<SupplierFormInput, 'lead_time_days'> name="lead_time_days" label={t('field.leadTime')} required min={0} max={365} step={1} unit={t('field.days')} />
        <SelectField<SupplierFormInput, 'payment_terms'> name="payment_terms" label={t('field.terms')} required options={terms} />
        <TextField<SupplierFormInput, 'notes'> name="notes" label={t('field.notes')} className="sm:col-span-2" />
        <SwitchField<SupplierFormInput, 'active'> name="active" label={t('field.active')} />
      </section>
      <FormActions submitLabel={supplier ? t('form.save') : t('form.create')} cancelTo={LIST_PATH} />
    </Form>
  );
}
