import { useLocation, useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ComboboxField, Form, NumberField, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { lookupTenantAddresses, tenantAddressLabel } from '../../../data/addresses';
import { addressLabel } from '../../../data/address-label';
import { createSupplier, getSupplier, updateSupplier } from '../api';
import { FORM_SKELETON_CLASS } from '../../../ui/FormSkeleton';
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

function Header({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <PageHeader
      title={mode === 'create' ? 'Create supplier' : 'Edit supplier'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Suppliers', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );
}

export function SupplierCreatePage() {
  const tenantId = useTenantId() ?? '';
  return (
    <div className="space-y-4">
      <Header mode="create" />
      <SupplierForm tenantId={tenantId} supplier={null} />
    </div>
  );
}

export function SupplierEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const tenantId = useTenantId() ?? '';
  const { state, retry } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getSupplier(tenantId, id));
  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={<Header mode="edit" />}
      backTo={LIST_PATH}
      notFoundTitle={SUPPLIER_TOASTS.notFound}
      failedTitle={SUPPLIER_TOASTS.fetchFailed}
      loadingLabel="Loading supplier"
      loadingClassName={FORM_SKELETON_CLASS}
    >
      {(supplier) => <SupplierForm key={supplier.id} tenantId={tenantId} supplier={supplier} />}
    </RecordStates>
  );
}

function SupplierForm({ tenantId, supplier }: { tenantId: string; supplier: Supplier | null }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(SupplierFormSchema, { defaultValues: supplier ? toSupplierFormValues(supplier) : emptySupplierForm() });

  async function onSubmit(values: SupplierFormOutput) {
    const write = toSupplierWrite(values);
    if (supplier) await updateSupplier(tenantId, supplier.id, write);
    else await createSupplier(tenantId, write);
    toast.success(supplier ? SUPPLIER_TOASTS.updated : SUPPLIER_TOASTS.created);
    navigate(LIST_PATH);
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    toast.error(supplier ? SUPPLIER_TOASTS.updateFailed : SUPPLIER_TOASTS.createFailed);
    if (result.applied.length === 0 && result.unmatched) toast.error(result.unmatched);
  }

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
      <div className="flex gap-3">
        <SubmitButton>{supplier ? 'Save changes' : 'Create supplier'}</SubmitButton>
        <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
