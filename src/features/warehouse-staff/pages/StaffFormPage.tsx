import { useLocation, useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ComboboxField, Form, SelectField, SubmitButton, SwitchField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { personName } from '../../../data/people';
import { lookupWarehouses, warehouseLabel } from '../../../data/warehouses';
import { createStaff, getStaff, lookupTenantPeople, updateStaff } from '../api';
import { FORM_SKELETON_CLASS } from '../../../ui/FormSkeleton';
import { staffRoles, type StaffRole, type WarehouseStaff } from '../../../data/warehousing';
import { STAFF_TOASTS, StaffFormSchema, type StaffFormInput, type StaffFormOutput } from '../schema';

const LIST_PATH = adminPaths.staff();

function Header({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <PageHeader
      title={mode === 'create' ? 'Add staff' : 'Edit staff'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Staff', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );
}

export function StaffCreatePage() {
  const tenantId = useTenantId() ?? '';
  return (
    <div className="space-y-4">
      <Header mode="create" />
      <StaffForm tenantId={tenantId} staff={null} />
    </div>
  );
}

export function StaffEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const tenantId = useTenantId() ?? '';
  const { state, retry } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getStaff(tenantId, id));
  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={<Header mode="edit" />}
      backTo={LIST_PATH}
      notFoundTitle={STAFF_TOASTS.notFound}
      failedTitle={STAFF_TOASTS.fetchFailed}
      loadingLabel="Loading staff member"
      loadingClassName={FORM_SKELETON_CLASS}
    >
      {(staff) => <StaffForm key={staff.id} tenantId={tenantId} staff={staff} />}
    </RecordStates>
  );
}

function StaffForm({ tenantId, staff }: { tenantId: string; staff: WarehouseStaff | null }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(StaffFormSchema, {
    defaultValues: staff
      ? { warehouse_id: staff.warehouse_id, user_id: staff.user_id, role: staff.role as StaffRole, active: staff.active }
      : { warehouse_id: null as unknown as string, user_id: null as unknown as string, role: '' as StaffRole, active: true },
  });

  async function onSubmit(values: StaffFormOutput) {
    if (staff) await updateStaff(tenantId, staff.id, values);
    else await createStaff(tenantId, values);
    toast.success(staff ? STAFF_TOASTS.updated : STAFF_TOASTS.created);
    navigate(LIST_PATH);
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    toast.error(staff ? STAFF_TOASTS.updateFailed : STAFF_TOASTS.createFailed);
    if (result.applied.length === 0 && result.unmatched) toast.error(result.unmatched);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-2xl space-y-5" aria-label={staff ? 'Edit staff' : 'Add staff'}>
      <ComboboxField<StaffFormInput, 'warehouse_id'>
        name="warehouse_id"
        label="Warehouse"
        required
        search={(term, signal, limit) => lookupWarehouses(tenantId, term, limit, signal)}
        initialOptions={staff?.warehouse ? [{ value: staff.warehouse.id, label: staff.warehouse.name }] : []}
        resolveLabel={(id) => warehouseLabel(tenantId, id)}
        placeholder="Search warehouses"
      />
      <ComboboxField<StaffFormInput, 'user_id'>
        name="user_id"
        label="Person"
        required
        search={(term, signal, limit) => lookupTenantPeople(tenantId, term, limit, signal)}
        initialOptions={staff?.user ? [{ value: staff.user.id, label: staff.user.full_name }] : []}
        resolveLabel={(id) => personName(tenantId, id)}
        placeholder="Search the business's people"
        help="Staff, and people with the warehouse staff role"
      />
      <SelectField<StaffFormInput, 'role'> name="role" label="Role" required options={staffRoles.options} />
      <SwitchField<StaffFormInput, 'active'> name="active" label="Active" help="Inactive staff keep their history but lose access to the warehouse" />
      <div className="flex gap-3">
        <SubmitButton>{staff ? 'Save changes' : 'Add staff'}</SubmitButton>
        <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
