import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
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
import { serviceLookup } from '../../../data/delivery-services';
import { zoneLookup } from '../../../data/zones';
import {
  AUTO_ASSIGN_OPTIONS,
  fromSettingsForm,
  KIND_OPTIONS,
  SETTINGS_MESSAGES,
  settingsFormSchema,
  toSettingsFieldErrors,
  toSettingsForm,
  WINDOW_OPTIONS,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../schema';
import { dispatcherMessages } from '../messages';

type DispatcherKey = keyof typeof dispatcherMessages.en;

const KIND_KEYS: Record<(typeof KIND_OPTIONS)[number]['value'], DispatcherKey> = {
  on_demand: 'kind.on_demand',
  pickup: 'kind.pickup',
  delivery: 'kind.delivery',
  pickup_delivery: 'kind.pickup_delivery',
};
const WINDOW_KEYS: Record<(typeof WINDOW_OPTIONS)[number]['value'], DispatcherKey> = { overdue: 'window.overdue', next_hour: 'window.next_hour', today: 'window.today' };
const MODE_KEYS: Record<(typeof AUTO_ASSIGN_OPTIONS)[number]['value'], DispatcherKey> = { off: 'mode.off', suggest: 'mode.suggest', auto: 'mode.auto' };
/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, DispatcherKey> = { [SETTINGS_MESSAGES.late]: 'validation.late', [SETTINGS_MESSAGES.mode]: 'validation.mode' };

/** The settings screen: the dispatcher's own preferences for the board, stored per person. */
export function DispatcherSettingsPage() {
  const t = useT(dispatcherMessages);
  const state = useDispatcherSettings();
  const header = <PageHeader title={t('settings.title')} breadcrumbs={[{ label: t('settings.dashboard'), href: '/' }, { label: t('settings.title') }]} />;

  if (state.status === 'loading') {
    return (
      <div className="space-y-4">
        {header}
        <div role="status" aria-label={t('settings.loading')} className="max-w-3xl space-y-4">
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
        <ErrorState title={t('settings.loadFailed')} detail={state.error?.message} onRetry={state.retry} />
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

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
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
  const t = useT(dispatcherMessages);
  const translate = useCallback((message: string) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message), [t]);
  const form = useZodForm(settingsFormSchema, { defaultValues: toSettingsForm(settings) }, translate);
  const [confirmReset, setConfirmReset] = useState(false);

  async function onSubmit(values: SettingsFormValues) {
    try {
      await saveDispatcherSettings(userId, fromSettingsForm(values));
    } catch (error) {
      throw toSettingsFieldErrors(error);
    }
    toast.success(t('toast.saved'));
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    for (const text of saveFailureToasts(error, result, { validation: t('toast.validation'), failed: t('toast.saveFailed'), unknown: t('toast.unknown') }))
      toast.error(text);
  }

  async function reset() {
    try {
      await resetDispatcherSettings(userId);
      toast.success(t('toast.reset'));
    } catch (error) {
      toast.error(t('toast.resetFailed'));
      throw error;
    }
  }

  return (
    <>
      <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={t('settings.form')}>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="settings-origin">
          {saved ? t('settings.saved') : t('settings.defaults')}
        </p>
        <Section id="settings-board-defaults" title={t('settings.board')} description={t('settings.boardHelp')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField<SettingsFormInput, 'kind'>
              name="kind"
              label={t('settings.kind')}
              options={KIND_OPTIONS.map((o) => ({ value: o.value, label: t(KIND_KEYS[o.value]) }))}
              placeholder={t('settings.anyKind')}
            />
            <SelectField<SettingsFormInput, 'window'>
              name="window"
              label={t('settings.window')}
              options={WINDOW_OPTIONS.map((o) => ({ value: o.value, label: t(WINDOW_KEYS[o.value]) }))}
              placeholder={t('settings.anyTime')}
            />
            <ComboboxField<SettingsFormInput, 'service_id'>
              name="service_id"
              label={t('settings.service')}
              placeholder={t('settings.anyService')}
              {...serviceLookup(tenantId)}
            />
            <ComboboxField<SettingsFormInput, 'zone_id'>
              name="zone_id"
              label={t('settings.zone')}
              placeholder={t('settings.anyZone')}
              help={t('settings.zoneHelp')}
              {...zoneLookup(tenantId)}
            />
          </div>
        </Section>
        <Section id="settings-alerts" title={t('settings.alerts')} description={t('settings.alertsHelp')}>
          <SwitchField<SettingsFormInput, 'sound_on_new_unassigned'> name="sound_on_new_unassigned" label={t('settings.sound')} />
          <NumberField<SettingsFormInput, 'late_threshold_minutes'>
            name="late_threshold_minutes"
            label={t('settings.late')}
            unit={t('settings.minutes')}
            required
            min={0}
            max={240}
            step={1}
            help={t('settings.lateHelp')}
          />
        </Section>
        <Section id="settings-auto-assign" title={t('settings.autoAssign')} description={t('settings.autoAssignHelp')}>
          <SelectField<SettingsFormInput, 'auto_assign_mode'>
            name="auto_assign_mode"
            label={t('settings.mode')}
            required
            options={AUTO_ASSIGN_OPTIONS.map((o) => ({ value: o.value, label: t(MODE_KEYS[o.value]) }))}
          />
        </Section>
        <div className="flex flex-wrap gap-3">
          <SubmitButton>{t('settings.save')}</SubmitButton>
          {saved && (
            <Button variant="secondary" onClick={() => setConfirmReset(true)}>
              {t('settings.reset')}
            </Button>
          )}
        </div>
      </Form>
      <ConfirmDialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('settings.resetTitle')}
        message={t('settings.resetMessage')}
        confirmLabel={t('settings.resetConfirm')}
        onConfirm={reset}
      />
    </>
  );
}

export default DispatcherSettingsPage;
