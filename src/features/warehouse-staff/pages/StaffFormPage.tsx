import { useWarehousingWords } from '../../../data/warehousing-words';
import { adminPaths } from '../../../lib/paths';
import { Form, FormActions, LookupField, SelectField, SwitchField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { tenantRecordPages, type TenantRecordFormProps } from '../../../ui/TenantRecordPages';
import { tenantUserLookup } from '../../../data/people';
import { warehouseLookup } from '../../../data/warehouses';
import { currentOption } from '../../../lib/lookup-option';
import { createStaff, getStaff, updateStaff } from '../api';
import type { StaffRole, WarehouseStaff } from '../../../data/warehousing';
import { staffMessages, type StaffKey } from '../messages';
import { STAFF_MESSAGES, StaffFormSchema, type StaffFormInput } from '../schema';

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, StaffKey> = {
  [STAFF_MESSAGES.warehouse]: 'validation.warehouse',
  [STAFF_MESSAGES.user]: 'validation.user',
  [STAFF_MESSAGES.role]: 'validation.role',
};

const staffForm = defineRecordForm({
  words: staffMessages,
  schema: StaffFormSchema,
  messageKeys: VALIDATION_KEYS,
  values: (staff: WarehouseStaff) => ({ warehouse_id: staff.warehouse_id, user_id: staff.user_id, role: staff.role as StaffRole, active: staff.active }),
  // No warehouse or person chosen yet: the schema's required messages name them.
  empty: () => ({ warehouse_id: null as unknown as string, user_id: null as unknown as string, role: '' as StaffRole, active: true }),
  create: createStaff,
  update: updateStaff,
});

export const { create: StaffCreatePage, edit: StaffEditPage } = tenantRecordPages({ load: getStaff, listPath: adminPaths.staff(), words: staffMessages, form: StaffForm });

function StaffForm({ tenantId, record: staff }: TenantRecordFormProps<WarehouseStaff>) {
  const { t, formProps, field } = useRecordForm(staffForm, tenantId, staff);
  const warehouse = currentOption(staff?.warehouse?.id, staff?.warehouse?.name);
  const person = currentOption(staff?.user?.id, staff?.user?.full_name);
  const { staffRoles } = useWarehousingWords();

  return (
    <Form {...formProps} className="max-w-2xl space-y-5" aria-label={staff ? t('form.edit') : t('form.create')}>
      <LookupField {...field('warehouse_id')} label={t('field.warehouse')} required lookup={warehouseLookup(tenantId)} initialOptions={warehouse} placeholder={t('field.searchWarehouses')} />
      <LookupField {...field('user_id')} label={t('field.person')} required lookup={tenantUserLookup(tenantId)} initialOptions={person} placeholder={t('field.searchPeople')} help={t('field.personHelp')} />
      <SelectField<StaffFormInput, 'role'> name="role" label={t('field.role')} required options={staffRoles.options} />
      <SwitchField<StaffFormInput, 'active'> name="active" label={t('field.active')} help={t('field.activeHelp')} />
      <FormActions submitLabel={staff ? t('form.save') : t('form.create')} />
    </Form>
  );
}
