import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { useWatch } from 'react-hook-form';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import type { TenantSettings } from '../../../lib/tenant-settings';
import { Form, NumberField, SelectField, SubmitButton, TextField, useZodForm } from '../../../ui/form';
import { MapView, type LngLatTuple } from '../../../ui/map';
import { SettingsPageFrame } from '../../../ui/SettingsPageFrame';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { getSystemSettings, saveSystemSettings } from '../api';
import { PickingSettingsForm } from '../components/PickingSettingsForm';
import { settingsMessages } from '../messages';
import { translateSettingsMessage, useSettingsOptions } from '../words';
import {
  LANGUAGE_OPTIONS,
  SystemSettingsFormSchema,
  timezoneOptions,
  toSettingsForm,
  type SystemSettingsFormInput,
  type SystemSettingsFormOutput,
  type TenantProfile,
} from '../schema';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Admin > Settings > System settings: the business's name and contact, map centre, regional settings and maps key. */
export function SystemSettingsPage() {
  const tenantId = useTenantId();
  const { state: load, retry } = useRecordLoad(tenantId, () => getSystemSettings(tenantId as string));
  const t = useT(settingsMessages);

  return (
    <SettingsPageFrame
      title={t('page.title')}
      loadingLabel={t('page.loading')}
      skeletonClassName="max-w-3xl space-y-3"
      skeleton={
        <>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-10 w-full" />
        </>
      }
      failedTitle={t('toast.loadFailed')}
      load={load}
      retry={retry}
    >
      {(record) =>
        tenantId && (
          <>
            <SystemSettingsForm tenantId={tenantId} profile={record.profile} settings={record.settings} />
            {/* Its own form and save: a separate write (save_picking_settings), so neither form saves the other's edits. */}
            <div className="max-w-3xl">
              <Section title={t('picking.title')} description={t('picking.description')}>
                <PickingSettingsForm tenantId={tenantId} settings={record.settings} />
              </Section>
            </div>
          </>
        )
      }
    </SettingsPageFrame>
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
  const t = useT(settingsMessages);
  const options = useSettingsOptions();
  const translate = useCallback((message: string) => translateSettingsMessage(t, message), [t]);
  const form = useZodForm(SystemSettingsFormSchema, { defaultValues: toSettingsForm(profile, settings) }, translate);
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
    toast.success(t('toast.saved'));
    form.reset(values);
  }

  // The database's refusals arrive keyed: the kit's Form has already put them in the page's language.
  function onServerError(_error: unknown, result: ServerErrorResult) {
    if (result.applied.length > 0) toast.error(t('toast.validation'));
    if (result.unmatched) toast.error(result.unmatched);
    else if (result.applied.length === 0) toast.error(t('toast.saveFailed'));
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-5" aria-label={t('page.title')}>
      <Section title={t('business.title')} description={t('business.description')}>
        <TextField<SystemSettingsFormInput, 'name'> name="name" label={t('business.name')} required />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField<SystemSettingsFormInput, 'contact_info.email'> name="contact_info.email" label={t('business.email')} type="email" />
          <TextField<SystemSettingsFormInput, 'contact_info.phone'> name="contact_info.phone" label={t('business.phone')} type="tel" />
        </div>
        <TextField<SystemSettingsFormInput, 'contact_info.address'> name="contact_info.address" label={t('business.address')} />
      </Section>

      <Section title={t('centre.title')} description={t('centre.description')}>
        <MapView
          label={t('centre.title')}
          height={320}
          zoom={settings.mapCentre ? 9 : 4}
          defaultCenter={settings.mapCentre}
          picked={picked}
          mapboxToken={settings.mapsKey}
          onPick={onPick}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField<SystemSettingsFormInput, 'general.latitude'> name="general.latitude" label={t('centre.latitude')} min={-90} max={90} step="any" />
          <NumberField<SystemSettingsFormInput, 'general.longitude'> name="general.longitude" label={t('centre.longitude')} min={-180} max={180} step="any" />
        </div>
      </Section>

      <Section title={t('regional.title')} description={t('regional.description')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField<SystemSettingsFormInput, 'general.timezone'> name="general.timezone" label={t('regional.timezone')} required options={timezones} />
          <SelectField<SystemSettingsFormInput, 'general.currency'> name="general.currency" label={t('regional.currency')} required options={options.currency} />
          <SelectField<SystemSettingsFormInput, 'general.language'> name="general.language" label={t('regional.language')} required options={LANGUAGE_OPTIONS} />
        </div>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{t('regional.units')}</legend>
          <SelectField<SystemSettingsFormInput, 'general.units.weight'> name="general.units.weight" label={t('regional.weight')} required options={options.weight} />
          <SelectField<SystemSettingsFormInput, 'general.units.volume'> name="general.units.volume" label={t('regional.volume')} required options={options.volume} />
          <SelectField<SystemSettingsFormInput, 'general.units.length'> name="general.units.length" label={t('regional.length')} required options={options.length} />
          <SelectField<SystemSettingsFormInput, 'general.units.temperature'>
            name="general.units.temperature"
            label={t('regional.temperature')}
            required
            options={options.temperature}
          />
        </fieldset>
      </Section>

      <Section title={t('maps.title')} description={t('maps.description')}>
        <TextField<SystemSettingsFormInput, 'maps_key'>
          name="maps_key"
          label={t('maps.key')}
          autoComplete="off"
          help={t('maps.keyHelp')}
        />
      </Section>

      <SubmitButton>{t('form.save')}</SubmitButton>
    </Form>
  );
}

export default SystemSettingsPage;
