import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { lookupBins, lookupInventoryItems } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ComboboxField, DateField, Form, FormActions, SelectField, TextAreaField, useRecordSave, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { createAudit } from '../api';
import { AUDIT_TOASTS, auditFormSchema, auditTypes, emptyAuditForm, today, toAuditWrite, type AuditFormInput, type AuditFormOutput, type AuditWrite } from '../schema';

const LIST_PATH = adminPaths.inventoryAudits();

/** inventory-audits/create: plan an audit (warehouse, type, scheduled date, notes, what it covers). */
export function InventoryAuditCreatePage() {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<{ id: string }>
      mode="create"
      scope={tenantId}
      load={() => Promise.resolve(null)}
      listPath={LIST_PATH}
      listLabel="Inventory Audits"
      titles={{ create: 'Create audit', edit: 'Edit audit' }}
      messages={AUDIT_TOASTS}
      loadingLabel="Loading audit"
    >
      {() => <AuditForm tenantId={tenantId} />}
    </RecordFormPage>
  );
}

function AuditForm({ tenantId }: { tenantId: string }) {
  const schema = useMemo(() => auditFormSchema(), []);
  const form = useZodForm(schema, { defaultValues: emptyAuditForm() });
  const save = useRecordSave<{ id: string }, AuditWrite, { id: string }>({
    record: null,
    create: (write) => createAudit(write),
    update: () => Promise.reject(new Error('Audits are not edited')),
    messages: AUDIT_TOASTS,
    then: LIST_PATH,
    thenCreated: (created) => adminPaths.inventoryAudit(created.id),
  });
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' });
  const auditType = useWatch({ control: form.control, name: 'audit_type' });
  const fullCount = auditType === 'full_count';

  // The bin is the warehouse's: another warehouse clears it; a full count covers everything.
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'warehouse_id') form.setValue('location_id', null);
      if (name === 'audit_type' && values.audit_type === 'full_count') {
        form.setValue('location_id', null);
        form.setValue('item_id', null);
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return (
    <Form
      form={form}
      onSubmit={(values: AuditFormOutput) => save.onSubmit(toAuditWrite(values))}
      onServerError={save.onServerError}
      className="max-w-3xl space-y-5"
      aria-label="Create audit"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ComboboxField<AuditFormInput, 'warehouse_id'>
          name="warehouse_id"
          label="Warehouse"
          required
          {...warehouseLookup(tenantId)}
          placeholder="Search warehouses"
        />
        <SelectField<AuditFormInput, 'audit_type'> name="audit_type" label="Audit type" required options={auditTypes.options} />
        <DateField<AuditFormInput, 'scheduled_date'> name="scheduled_date" label="Scheduled date" min={today()} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">What it covers</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A full count covers the whole warehouse; a cycle count a bin; a spot check a bin, an item, or an item in a bin.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <ComboboxField<AuditFormInput, 'location_id'>
            key={`bin:${warehouseId}`}
            name="location_id"
            label="Bin"
            disabled={!warehouseId || fullCount}
            search={(term, signal, limit) => lookupBins(tenantId, warehouseId, term, limit, signal, { activeOnly: false })}
            placeholder={warehouseId ? 'Search bins' : 'Choose a warehouse first'}
          />
          <ComboboxField<AuditFormInput, 'item_id'>
            name="item_id"
            label="Item"
            disabled={fullCount}
            search={(term, signal, limit) => lookupInventoryItems(tenantId, term, limit, signal)}
            placeholder="Search items"
          />
        </div>
      </fieldset>
      <TextAreaField<AuditFormInput, 'notes'> name="notes" label="Notes" />
      <FormActions submitLabel="Create audit" cancelTo={LIST_PATH} />
    </Form>
  );
}

export default InventoryAuditCreatePage;
