import { useCallback, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import type { TenantSettings } from '../../../lib/tenant-settings';
import { Form, NumberField, SelectField, SubmitButton, TextField, useZodForm } from '../../../ui/form';
import { ErrorState } from '../../../ui/ErrorState';
import { MapView, type LngLatTuple } from '../../../ui/map';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { getSystemSettings, saveSystemSettings } from '../api';
import { PickingSettingsForm } from '../components/PickingSettingsForm';
import {
  CURRENCY_OPTIONS,
  LANGUAGE_OPTIONS,
  LENGTH_OPTIONS,
  SETTINGS_MESSAGES,
  SystemSettingsFormSchema,
  TEMPERATURE_OPTIONS,
  timezoneOptions,
  toSettingsForm,
  VOLUME_OPTIONS,
  WEIGHT_OPTIONS,
  type SystemSettingsFormInput,
  type SystemSettingsFormOutput,
  type TenantProfile,
} from '../schema';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Admin > Settings > System settings: the business's name and contact, map centre, regional settings and maps key. */
export function SystemSettingsPage() {
  const tenantId = useTenantId();
  const { state: load, retry } = useRecordLoad(tenantId, () => getSystemSettings(tenantId as string));

  return (
    <div className="space-y-4">
      <PageHeader title="System settings" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'System settings' }]} />
      {load.status === 'loading' && (
        <div className="max-w-3xl space-y-3" aria-busy="true" aria-label="Loading settings">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {load.status === 'failed' && (
        <ErrorState
          title={SETTINGS_MESSAGES.loadFailed}
          onRetry={retry}
        />
      )}
      {load.status === 'ready' && tenantId && (
        <>
          <SystemSettingsForm tenantId={tenantId} profile={load.record.profile} settings={load.record.settings} />
          {/* Its own form and save: a separate write (save_picking_settings), so neither form saves the other's edits. */}
          <div className="max-w-3xl">
            <Section
              title="Batch picking"
              description="The caps a new batch or wave opens with. Whoever builds one may still choose other caps for that build."
            >
              <PickingSettingsForm tenantId={tenantId} settings={load.record.settings} />
            </Section>
          </div>
        </>
      )}
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900" aria-label={title}>
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function SystemSettingsForm({ tenantId, profile, settings }: { tenantId: string; profile: TenantProfile; settings: TenantSettings }) {
  const toast = useToast();
  const form = useZodForm(SystemSettingsFormSchema, { defaultValues: toSettingsForm(profile, settings) });
  const [timezones] = useState(timezoneOptions);
  const [latitude, longitude] = useWatch({ control: form.control, name: ['general.latitude', 'general.longitude'] });
  const picked: LngLatTuple | null =
    typeof latitude === 'number' && typeof longitude === 'number' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? [longitude, latitude] : null;

  // The map opens on the stored centre and stays put while the coordinates are typed; the pin follows them.
  const onPick = useCallback(
    (lng: number, lat: number) => {
      form.setValue('general.latitude', round6(lat), { shouldDirty: true, shouldValidate: true });
      form.setValue('general.longitude', round6(lng), { shouldDirty: true, shouldValidate: true });
    },
    [form],
  );

  async function onSubmit(values: SystemSettingsFormOutput) {
    await saveSystemSettings(tenantId, values);
    toast.success(SETTINGS_MESSAGES.saved);
    form.reset(values);
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    if (result.applied.length > 0) toast.error('Validation failed');
    if (result.unmatched) toast.error(result.unmatched);
    else if (result.applied.length === 0) toast.error(SETTINGS_MESSAGES.saveFailed);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-5" aria-label="System settings">
      <Section title="Business" description="Shown to everyone on the business picker and the sign-up page.">
        <TextField<SystemSettingsFormInput, 'name'> name="name" label="Business name" required />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField<SystemSettingsFormInput, 'contact_info.email'> name="contact_info.email" label="Contact email" type="email" />
          <TextField<SystemSettingsFormInput, 'contact_info.phone'> name="contact_info.phone" label="Contact phone" type="tel" />
        </div>
        <TextField<SystemSettingsFormInput, 'contact_info.address'> name="contact_info.address" label="Contact address" />
      </Section>

      <Section title="Default map centre" description="Where every map of the console opens. Click the map to move it, or enter the coordinates.">
        <MapView
          label="Default map centre"
          height={320}
          zoom={settings.mapCentre ? 9 : 4}
          defaultCenter={settings.mapCentre}
          picked={picked}
          mapboxToken={settings.mapsKey}
          onPick={onPick}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField<SystemSettingsFormInput, 'general.latitude'> name="general.latitude" label="Latitude" min={-90} max={90} step="any" />
          <NumberField<SystemSettingsFormInput, 'general.longitude'> name="general.longitude" label="Longitude" min={-180} max={180} step="any" />
        </div>
      </Section>

      <Section title="Regional" description="How times, prices and measurements are shown across the console.">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField<SystemSettingsFormInput, 'general.timezone'> name="general.timezone" label="Time zone" required options={timezones} />
          <SelectField<SystemSettingsFormInput, 'general.currency'> name="general.currency" label="Currency" required options={CURRENCY_OPTIONS} />
          <SelectField<SystemSettingsFormInput, 'general.language'> name="general.language" label="Language" required options={LANGUAGE_OPTIONS} />
        </div>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Units</legend>
          <SelectField<SystemSettingsFormInput, 'general.units.weight'> name="general.units.weight" label="Weight" required options={WEIGHT_OPTIONS} />
          <SelectField<SystemSettingsFormInput, 'general.units.volume'> name="general.units.volume" label="Volume" required options={VOLUME_OPTIONS} />
          <SelectField<SystemSettingsFormInput, 'general.units.length'> name="general.units.length" label="Length" required options={LENGTH_OPTIONS} />
          <SelectField<SystemSettingsFormInput, 'general.units.temperature'>
            name="general.units.temperature"
            label="Temperature"
            required
            options={TEMPERATURE_OPTIONS}
          />
        </fieldset>
      </Section>

      <Section title="Maps" description="A Mapbox access token turns on Mapbox maps and address search. Without one, maps and search work offline.">
        <TextField<SystemSettingsFormInput, 'maps_key'>
          name="maps_key"
          label="Mapbox access token"
          autoComplete="off"
          help="Readable by the business's signed-in members only; never shown on public pages or in the activity log."
        />
      </Section>

      <SubmitButton>Save settings</SubmitButton>
    </Form>
  );
}

export default SystemSettingsPage;
