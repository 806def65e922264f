import { adminPaths } from '../../../lib/paths';
import { useTenantCurrency } from '../../../lib/tenant-settings';
import { useTenantId } from '../../../lib/tenant';
import { Form, FormActions, LookupField, NumberField, SwitchField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { modePages, RecordFormPage } from '../../../ui/RecordFormPage';
import { createPricing, getPricing, updatePricing } from '../api';
import { serviceLookup } from '../../../data/delivery-services';
import { zoneLookup } from '../../../data/zones';
import { currentOption } from '../../../lib/lookup-option';
import { emptyPricingForm, PricingFormSchema, toPricingFormValues, type PricingFormInput, type PricingRow } from '../schema';
import { pricingMessages } from '../messages';
import { translatePricingMessage } from '../words';

const pricingForm = defineRecordForm({
  words: pricingMessages,
  schema: PricingFormSchema,
  translate: translatePricingMessage,
  values: toPricingFormValues,
  empty: emptyPricingForm,
  create: createPricing,
  update: updatePricing,
});

/** zone-pricing/create and zone-pricing/edit/{id}. */
export function ZonePricingFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const tenantId = useTenantId() ?? '';
  const currency = useTenantCurrency();

  return (
    <RecordFormPage<PricingRow> mode={mode} scope={tenantId} load={(id) => getPricing(tenantId, id)} listPath={adminPaths.zonePricing()} words={pricingMessages} skeletons={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']}>
      {(row) => <PricingForm tenantId={tenantId} row={row} currency={currency} />}
    </RecordFormPage>
  );
}

function PricingForm({ tenantId, row, currency }: { tenantId: string; row: PricingRow | null; currency: string }) {
  const { t, formProps, field } = useRecordForm(pricingForm, tenantId, row);
  const zones = zoneLookup(tenantId, { markInactive: true });

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={row ? t('form.edit') : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField {...field('origin_zone_id')} label={t('field.origin')} required lookup={zones} initialOptions={currentOption(row?.origin_zone_id, row?.origin_zone_name)} />
        <LookupField {...field('destination_zone_id')} label={t('field.destination')} required lookup={zones} initialOptions={currentOption(row?.destination_zone_id, row?.destination_zone_name)} />
      </div>
      <LookupField {...field('service_id')} label={t('field.service')} required lookup={serviceLookup(tenantId)} initialOptions={currentOption(row?.service_id, row?.service_name)} help={t('field.serviceHelp')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<PricingFormInput, 'base_price'> name="base_price" label={t('field.base')} required min={0} step={0.01} unit={currency} />
        <NumberField<PricingFormInput, 'per_unit_price'> name="per_unit_price" label={t('field.perUnit')} required min={0} step={0.01} unit={`${currency}/kg`} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<PricingFormInput, 'min_transit_time'> name="min_transit_time" label={t('field.min')} required min={0} max={720} step="any" unit="h" />
        <NumberField<PricingFormInput, 'max_transit_time'> name="max_transit_time" label={t('field.max')} required min={0} max={720} step="any" unit="h" />
      </div>
      <SwitchField<PricingFormInput, 'active'> name="active" label={t('field.active')} help={t('field.activeHelp')} />
      <FormActions submitLabel={row ? t('form.save') : t('form.createPrice')} />
    </Form>
  );
}

export const { create: ZonePricingCreatePage, edit: ZonePricingEditPage } = modePages(ZonePricingFormPage);
