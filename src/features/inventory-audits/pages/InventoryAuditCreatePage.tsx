import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { inventoryItemLookup, binLookup } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { useT } from '../../../lib/i18n/catalogue';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ComboboxField, DateField, Form, FormActions, LookupField, SelectField, TextAreaField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { createAudit } from '../api';
import { useStatuses } from '../../../lib/status-vocabulary';
import { auditMessages } from '../messages';
import { translateAuditMessage } from '../words';
import { auditFormSchema, auditTypes, emptyAuditForm, today, toAuditWrite, type AuditFormInput } from '../schema';

/** An audit is planned here and never edited: a new one opens on its own page. */
const auditForm = defineRecordForm({
  words: auditMessages,
  schema: auditFormSchema(),
  translate: translateAuditMessage,
  empty: emptyAuditForm,
  toWrite: toAuditWrite,
  create: (_tenantId, write) => createAudit(write),
  update: () => Promise.reject(new Error('Audits are not edited')),
  thenCreated: (created) => adminPaths.inventoryAudit(created.id),
});

/** inventory-audits/create: plan an audit (warehouse, type, scheduled date, notes, what it covers). */
export function InventoryAuditCreatePage() {
  const tenantId = useTenantId() ?? '';
  const nav = useT(navMessages);
  return (
    <RecordFormPage<{ id: string }>
      mode="create"
      scope={tenantId}
      load={() => Promise.resolve(null)}
      listPath={adminPaths.inventoryAudits()}
      listLabel={nav('nav.inventoryAudits')}
      words={auditMessages}
    >
      {() => <AuditForm tenantId={tenantId} />}
    </RecordFormPage>
  );
}

function AuditForm({ tenantId }: { tenantId: string }) {
  const { t, form, formProps, field } = useRecordForm(auditForm, tenantId, null);
  const types = useStatuses(auditTypes);
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
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField {...field('warehouse_id')} label={t('field.warehouse')} required lookup={warehouseLookup(tenantId)} placeholder={t('field.searchWarehouses')} />
        <SelectField<AuditFormInput, 'audit_type'> name="audit_type" label={t('field.type')} required options={types.options} />
        <DateField<AuditFormInput, 'scheduled_date'> name="scheduled_date" label={t('field.scheduled')} min={today()} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('field.covers')}</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('field.coversHelp')}
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <ComboboxField<AuditFormInput, 'location_id'>
            key={`bin:${warehouseId}`}
            name="location_id"
            label={t('field.bin')}
            disabled={!warehouseId || fullCount}
            search={binLookup(tenantId, warehouseId, { activeOnly: false }).search}
            placeholder={warehouseId ? t('field.searchBins') : t('field.warehouseFirst')}
          />
          <ComboboxField<AuditFormInput, 'item_id'>
            name="item_id"
            label={t('field.item')}
            disabled={fullCount}
            search={inventoryItemLookup(tenantId).search}
            placeholder={t('field.searchItems')}
          />
        </div>
      </fieldset>
      <TextAreaField<AuditFormInput, 'notes'> name="notes" label={t('field.notes')} />
      <FormActions submitLabel={t('form.create')} />
    </Form>
  );
}

export default InventoryAuditCreatePage;
