import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { ComboboxField, Form, NumberField, SubmitButton, SwitchField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { createPricing, fetchCurrency, getPricing, lookupServices, lookupZones, updatePricing } from '../api';
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

/** zone-pricing/create and zone-pricing/edit/{id} (spec 2). */
export function ZonePricingFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const [currency, setCurrency] = useState('USD');

  useEffect(() => {
    let cancelled = false;
    fetchCurrency().then(
      (found) => !cancelled && setCurrency(found),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [tenantId]);

  const { state, retry } = useRecordLoad<PricingRow | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, () => getPricing(tenantId, id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(PRICING_FORM_TOASTS.fetchFailed),
  });

  const header = (
    <PageHeader
      title={mode === 'create' ? 'Create zone price' : 'Edit zone price'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Zone Pricing', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      missing={mode === 'edit' && !id}
      notFoundTitle={PRICING_FORM_TOASTS.notFound}
      failedTitle={PRICING_FORM_TOASTS.fetchFailed}
      loadingLabel="Loading zone price"
      skeletons={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']}
    >
      {(row) => <PricingForm key={row?.id ?? 'new'} tenantId={tenantId} row={row} currency={currency} />}
    </RecordStates>
  );
}

function PricingForm({ tenantId, row, currency }: { tenantId: string; row: PricingRow | null; currency: string }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(PricingFormSchema, { defaultValues: row ? toPricingFormValues(row) : emptyPricingForm() });
  const searchZones = (term: string, signal: AbortSignal, limit: number) => lookupZones(tenantId, term, limit, signal);

  async function onSubmit(values: PricingFormOutput) {
    if (row) {
      await updatePricing(tenantId, row.id, values);
      toast.success(PRICING_FORM_TOASTS.updated);
    } else {
      await createPricing(tenantId, values);
      toast.success(PRICING_FORM_TOASTS.created);
    }
    navigate(LIST_PATH);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = row ? PRICING_FORM_TOASTS.updateFailed : PRICING_FORM_TOASTS.createFailed;
    for (const text of saveFailureToasts(error, result, { validation: PRICING_FORM_TOASTS.validation, failed, unknown: PRICING_FORM_TOASTS.unknown })) toast.error(text);
  }

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
      <div className="flex gap-3">
        <SubmitButton>{row ? 'Save changes' : 'Create price'}</SubmitButton>
        <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function ZonePricingCreatePage() {
  return <ZonePricingFormPage mode="create" />;
}

export function ZonePricingEditPage() {
  return <ZonePricingFormPage mode="edit" />;
}
