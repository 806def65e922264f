import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ComboboxField, Form, FormActions, NumberField, SelectField, SwitchField, TextField, useRecordSave, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { lookupTenantAddresses, tenantAddressLabel } from '../../../data/addresses';
import { addressLabel } from '../../../data/address-label';
import { createSupplier, getSupplier, updateSupplier } from '../api';
import {
  emptySupplierForm,
  paymentTerms,
  SUPPLIER_TOASTS,
  SupplierFormSchema,
  toSupplierFormValues,
  toSupplierWrite,
  type Supplier,
  type SupplierFormInput,
  type SupplierFormOutput,
} from '../schema';

const LIST_PATH = adminPaths.suppliers();

function SupplierFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<Supplier>
      mode={mode}
      scope={tenantId}
      load={(id) => getSupplier(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Suppliers"
      titles={{ create: 'Create supplier', edit: 'Edit supplier' }}
      messages={SUPPLIER_TOASTS}
      loadingLabel="Loading supplier"
    >
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
  const form = useZodForm(SupplierFormSchema, { defaultValues: supplier ? toSupplierFormValues(supplier) : emptySupplierForm() });
  const { onSubmit, onServerError } = useRecordSave<Supplier, SupplierFormOutput>({
    record: supplier,
    create: (values) => createSupplier(tenantId, toSupplierWrite(values)),
    update: (current, values) => updateSupplier(tenantId, current.id, toSupplierWrite(values)),
    messages: SUPPLIER_TOASTS,
    then: LIST_PATH,
  });

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={supplier ? 'Edit supplier' : 'Create supplier'}>
      <section className="grid gap-5 sm:grid-cols-2">
        <TextField<SupplierFormInput, 'name'> name="name" label="Name" required />
        <TextField<SupplierFormInput, 'code'> name="code" label="Code" required />
      </section>
      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">Contact</legend>
        <TextField<SupplierFormInput, 'contact_name'> name="contact_name" label="Contact name" autoComplete="off" />
        <TextField<SupplierFormInput, 'contact_email'> name="contact_email" label="Email" type="email" autoComplete="off" />
        <TextField<SupplierFormInput, 'contact_phone'> name="contact_phone" label="Phone" type="tel" autoComplete="off" />
        <ComboboxField<SupplierFormInput, 'address_id'>
          name="address_id"
          label="Address"
          className="sm:col-span-3"
          search={(term, signal, limit) => lookupTenantAddresses(tenantId, term, limit, signal)}
          initialOptions={supplier?.address ? [{ value: supplier.address.id, label: addressLabel(supplier.address) }] : []}
          resolveLabel={(id) => tenantAddressLabel(tenantId, id)}
          placeholder="Search the business's addresses"
        />
      </fieldset>
      <section className="grid gap-5 sm:grid-cols-2">
        <NumberField<SupplierFormInput, 'lead_time_days'> name="lead_time_days" label="Lead time" required min={0} max={365} step={1} unit="days" />
        <SelectField<SupplierFormInput, 'payment_terms'> name="payment_terms" label="Payment terms" required options={paymentTerms.options} />
        <TextField<SupplierFormInput, 'notes'> name="notes" label="Notes" className="sm:col-span-2" />
        <SwitchField<SupplierFormInput, 'active'> name="active" label="Active" />
      </section>
      <FormActions submitLabel={supplier ? 'Save changes' : 'Create supplier'} cancelTo={LIST_PATH} />
    </Form>
  );
}
