import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ComboboxField, Form, FormActions, SelectField, SwitchField, useRecordSave, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { personName } from '../../../data/people';
import { lookupWarehouses, warehouseLabel } from '../../../data/warehouses';
import { createStaff, getStaff, lookupTenantPeople, updateStaff } from '../api';
import { staffRoles, type StaffRole, type WarehouseStaff } from '../../../data/warehousing';
import { STAFF_TOASTS, StaffFormSchema, type StaffFormInput, type StaffFormOutput } from '../schema';

const LIST_PATH = adminPaths.staff();

function StaffFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<WarehouseStaff>
      mode={mode}
      scope={tenantId}
      load={(id) => getStaff(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Staff"
      titles={{ create: 'Add staff', edit: 'Edit staff' }}
      messages={STAFF_TOASTS}
      loadingLabel="Loading staff member"
    >
      {(staff) => <StaffForm tenantId={tenantId} staff={staff} />}
    </RecordFormPage>
  );
}

export function StaffCreatePage() {
  return <StaffFormPage mode="create" />;
}

export function StaffEditPage() {
  return <StaffFormPage mode="edit" />;
}

function StaffForm({ tenantId, staff }: { tenantId: string; staff: WarehouseStaff | null }) {
  const form = useZodForm(StaffFormSchema, {
    defaultValues: staff
      ? { warehouse_id: staff.warehouse_id, user_id: staff.user_id, role: staff.role as StaffRole, active: staff.active }
      : { warehouse_id: null as unknown as string, user_id: null as unknown as string, role: '' as StaffRole, active: true },
  });

  const { onSubmit, onServerError } = useRecordSave<WarehouseStaff, StaffFormOutput>({
    record: staff,
    create: (values) => createStaff(tenantId, values),
    update: (current, values) => updateStaff(tenantId, current.id, values),
    messages: STAFF_TOASTS,
    then: LIST_PATH,
  });

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
      <FormActions submitLabel={staff ? 'Save changes' : 'Add staff'} cancelTo={LIST_PATH} />
    </Form>
  );
}
