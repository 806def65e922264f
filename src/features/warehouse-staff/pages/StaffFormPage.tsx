import { useCallback } from 'react';
import { useWarehousingWords } from '../../../data/warehousing-words';
import { useT } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Form, FormActions, LookupField, SelectField, SwitchField, useRecordSave, useRecordToasts, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { tenantUserLookup } from '../../../data/people';
import { warehouseLookup } from '../../../data/warehouses';
import { createStaff, getStaff, updateStaff } from '../api';
import type { StaffRole, WarehouseStaff } from '../../../data/warehousing';
import { staffMessages, type StaffKey } from '../messages';
import { STAFF_MESSAGES, StaffFormSchema, type StaffFormInput, type StaffFormOutput } from '../schema';

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, StaffKey> = {
  [STAFF_MESSAGES.warehouse]: 'validation.warehouse',
  [STAFF_MESSAGES.user]: 'validation.user',
  [STAFF_MESSAGES.role]: 'validation.role',
};

const LIST_PATH = adminPaths.staff();

function StaffFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<WarehouseStaff> mode={mode} scope={tenantId} load={(id) => getStaff(tenantId, id)} listPath={LIST_PATH} words={staffMessages}>
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
  const t = useT(staffMessages);
  const toasts = useRecordToasts(staffMessages);
  const { staffRoles } = useWarehousingWords();
  const translate = useCallback((message: string) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message), [t]);
  const form = useZodForm(StaffFormSchema, {
    defaultValues: staff
      ? { warehouse_id: staff.warehouse_id, user_id: staff.user_id, role: staff.role as StaffRole, active: staff.active }
      : { warehouse_id: null as unknown as string, user_id: null as unknown as string, role: '' as StaffRole, active: true },
  }, translate);

  const { onSubmit, onServerError } = useRecordSave<WarehouseStaff, StaffFormOutput>({
    record: staff,
    create: (values) => createStaff(tenantId, values),
    update: (current, values) => updateStaff(tenantId, current.id, values),
    messages: toasts,
    then: LIST_PATH,
  });

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-2xl space-y-5" aria-label={staff ? t('form.edit') : t('form.create')}>
      <LookupField<StaffFormInput, 'warehouse_id'>
        name="warehouse_id"
        label={t('field.warehouse')}
        required
        lookup={warehouseLookup(tenantId)}
        initialOptions={staff?.warehouse ? [{ value: staff.warehouse.id, label: staff.warehouse.name }] : []}
        placeholder={t('field.searchWarehouses')}
      />
      <LookupField<StaffFormInput, 'user_id'>
        name="user_id"
        label={t('field.person')}
        required
        lookup={tenantUserLookup(tenantId)}
        initialOptions={staff?.user ? [{ value: staff.user.id, label: staff.user.full_name }] : []}
        placeholder={t('field.searchPeople')}
        help={t('field.personHelp')}
      />
      <SelectField<StaffFormInput, 'role'> name="role" label={t('field.role')} required options={staffRoles.options} />
      <SwitchField<StaffFormInput, 'active'> name="active" label={t('field.active')} help={t('field.activeHelp')} />
      <FormActions submitLabel={staff ? t('form.save') : t('form.create')} cancelTo={LIST_PATH} />
    </Form>
  );
}
