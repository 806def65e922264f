import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useTenantCurrency } from '../../../lib/tenant-settings';
import { tenantIdOf } from '../../../lib/tenant';
import { ComboboxField, Form, FormActions, NumberField, SwitchField, useRecordSave, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { createPricing, getPricing, updatePricing } from '../api';
import { lookupServices } from '../../../data/delivery-services';
import { lookupZones } from '../../../data/zones';
import { emptyPricingForm, PricingFormSchema, toPricingFormValues, type PricingFormInput, type PricingFormOutput, type PricingRow } from '../schema';

export const PRICING_FORM_TOASTS = {
  created: 'Zone price created successfully',
  updated: 'Zone price updated successfully',
  createFailed: 'Failed to create zone price',
  updateFailed: 'Failed to update zone price',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
  fetchFailed: 'Failed to fetch zone price',
  notFound: 'Zone price not found',
} as const;

const LIST_PATH = adminPaths.zonePricing();

/** zone-pricing/create and zone-pricing/edit/{id}. */
export function ZonePricingFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const currency = useTenantCurrency();

  return (
    <RecordFormPage<PricingRow>
      mode={mode}
      scope={tenantId}
      load={(id) => getPricing(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Zone Pricing"
      titles={{ create: 'Create zone price', edit: 'Edit zone price' }}
      messages={PRICING_FORM_TOASTS}
      loadingLabel="Loading zone price"
      skeletons={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']}
    >
      {(row) => <PricingForm tenantId={tenantId} row={row} currency={currency} />}
    </RecordFormPage>
  );
}

function PricingForm({ tenantId, row, currency }: { tenantId: string; row: PricingRow | null; currency: string }) {
  const form = useZodForm(PricingFormSchema, { defaultValues: row ? toPricingFormValues(row) : emptyPricingForm() });
  const searchZones = (term: string, signal: AbortSignal, limit: number) => lookupZones(tenantId, term, limit, signal, { markInactive: true });

  const { onSubmit, onServerError } = useRecordSave<PricingRow, PricingFormOutput>({
    record: row,
    create: (values) => createPricing(tenantId, values),
    update: (current, values) => updatePricing(tenantId, current.id, values),
    messages: PRICING_FORM_TOASTS,
    then: LIST_PATH,
  });

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-5" aria-label={row ? 'Edit zone price' : 'Create zone price'}>
      <div className="grid gap-5 sm:grid-cols-2">
        <ComboboxField<PricingFormInput, 'origin_zone_id'>
          name="origin_zone_id"
          label="Origin zone"
          required
          search={searchZones}
          initialOptions={row ? [{ value: row.origin_zone_id, label: row.origin_zone_name }] : []}
        />
        <ComboboxField<PricingFormInput, 'destination_zone_id'>
          name="destination_zone_id"
          label="Destination zone"
          required
          search={searchZones}
          initialOptions={row ? [{ value: row.destination_zone_id, label: row.destination_zone_name }] : []}
        />
      </div>
      <ComboboxField<PricingFormInput, 'service_id'>
        name="service_id"
        label="Service"
        required
        search={(term, signal, limit) => lookupServices(tenantId, term, limit, signal)}
        initialOptions={row ? [{ value: row.service_id, label: row.service_name }] : []}
        help="One price per origin zone, destination zone and service"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<PricingFormInput, 'base_price'> name="base_price" label="Base price" required min={0} step={0.01} unit={currency} />
        <NumberField<PricingFormInput, 'per_unit_price'> name="per_unit_price" label="Per unit price" required min={0} step={0.01} unit={`${currency}/kg`} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<PricingFormInput, 'min_transit_time'> name="min_transit_time" label="Min transit time" required min={0} max={720} step="any" unit="h" />
        <NumberField<PricingFormInput, 'max_transit_time'> name="max_transit_time" label="Max transit time" required min={0} max={720} step="any" unit="h" />
      </div>
      <SwitchField<PricingFormInput, 'active'> name="active" label="Active" help="Only active prices are quoted" />
      <FormActions submitLabel={row ? 'Save changes' : 'Create price'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function ZonePricingCreatePage() {
  return <ZonePricingFormPage mode="create" />;
}

export function ZonePricingEditPage() {
  return <ZonePricingFormPage mode="edit" />;
}
