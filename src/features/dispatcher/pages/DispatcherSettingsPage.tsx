import { useState } from 'react';
import { resetDispatcherSettings, saveDispatcherSettings, useDispatcherSettings, type DispatcherSettings } from '../../../lib/dispatcher-settings';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { ComboboxField, Form, NumberField, SelectField, SubmitButton, SwitchField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { lookupServices, serviceName } from '../../../data/delivery-services';
import { lookupZones, zoneName } from '../../../data/zones';
import {
  AUTO_ASSIGN_OPTIONS,
  fromSettingsForm,
  KIND_OPTIONS,
  SETTINGS_TOASTS,
  settingsFormSchema,
  toSettingsFieldErrors,
  toSettingsForm,
  WINDOW_OPTIONS,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../schema';

/** The settings screen: the dispatcher's own preferences for the board, stored per person. */
export function DispatcherSettingsPage() {
  const state = useDispatcherSettings();
  const header = <PageHeader title="Settings" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Settings' }]} />;

  if (state.status === 'loading') {
    return (
      <div className="space-y-4">
        {header}
        <div role="status" aria-label="Loading settings" className="max-w-3xl space-y-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="space-y-4">
        {header}
        <ErrorState title="Failed to load your settings" detail={state.error?.message} onRetry={state.retry} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {header}
      {/* A save or reset reads the settings again; the form starts over from what is stored. */}
      <SettingsForm key={JSON.stringify(state.settings)} settings={state.settings} saved={state.saved} />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div>
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      {children}
    </section>
  );
}

function SettingsForm({ settings, saved }: { settings: DispatcherSettings; saved: boolean }) {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const form = useZodForm(settingsFormSchema, { defaultValues: toSettingsForm(settings) });
  const [confirmReset, setConfirmReset] = useState(false);

  async function onSubmit(values: SettingsFormValues) {
    try {
      await saveDispatcherSettings(userId, fromSettingsForm(values));
    } catch (error) {
      throw toSettingsFieldErrors(error);
    }
    toast.success(SETTINGS_TOASTS.saved);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    for (const text of saveFailureToasts(error, result, { validation: SETTINGS_TOASTS.validation, failed: SETTINGS_TOASTS.saveFailed, unknown: SETTINGS_TOASTS.unknown }))
      toast.error(text);
  }

  async function reset() {
    try {
      await resetDispatcherSettings(userId);
      toast.success(SETTINGS_TOASTS.reset);
    } catch (error) {
      toast.error(SETTINGS_TOASTS.resetFailed);
      throw error;
    }
  }

  return (
    <>
      <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label="Dispatcher settings">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="settings-origin">
          {saved ? 'Your saved preferences.' : 'You are using the defaults: save to keep your own.'}
        </p>
        <Section title="Board defaults" description="The board opens with these filters when its link names none.">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField<SettingsFormInput, 'kind'> name="kind" label="Kind" options={KIND_OPTIONS} placeholder="Any kind" />
            <SelectField<SettingsFormInput, 'window'> name="window" label="Window" options={WINDOW_OPTIONS} placeholder="Any time" />
            <ComboboxField<SettingsFormInput, 'service_id'>
              name="service_id"
              label="Service"
              placeholder="Any service"
              search={(term, signal, limit) => lookupServices(tenantId, term, limit, signal)}
              resolveLabel={(value) => serviceName(tenantId, value)}
            />
            <ComboboxField<SettingsFormInput, 'zone_id'>
              name="zone_id"
              label="Zone"
              placeholder="Any zone"
              help="Pickup or drop-off in this zone"
              search={(term, signal, limit) => lookupZones(tenantId, term, limit, signal)}
              resolveLabel={(value) => zoneName(tenantId, value)}
            />
          </div>
        </Section>
        <Section title="Alerts" description="How the board gets your attention.">
          <SwitchField<SettingsFormInput, 'sound_on_new_unassigned'> name="sound_on_new_unassigned" label="Play a sound when a new unassigned delivery arrives" />
          <NumberField<SettingsFormInput, 'late_threshold_minutes'>
            name="late_threshold_minutes"
            label="Late threshold"
            unit="minutes"
            required
            min={0}
            max={240}
            step={1}
            help="How long past its window a delivery may run before the board flags it late (0 to 240)"
          />
        </Section>
        <Section title="Auto-assign" description="How much the board's solver does for you.">
          <SelectField<SettingsFormInput, 'auto_assign_mode'> name="auto_assign_mode" label="Auto-assign mode" required options={AUTO_ASSIGN_OPTIONS} />
        </Section>
        <div className="flex flex-wrap gap-3">
          <SubmitButton>Save settings</SubmitButton>
          {saved && (
            <Button variant="secondary" onClick={() => setConfirmReset(true)}>
              Reset to defaults
            </Button>
          )}
        </div>
      </Form>
      <ConfirmDialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Reset your settings?"
        message="The board goes back to no default filters, a sound on new unassigned deliveries, a 15-minute late threshold and suggestions."
        confirmLabel="Reset"
        onConfirm={reset}
      />
    </>
  );
}

export default DispatcherSettingsPage;
