import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { currentOption } from '../../../lib/lookup-option';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import {
  ArrayField,
  CheckboxField,
  Form,
  FormActions,
  LookupField,
  MultiSelectField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  TimeField,
  useRecordSave,
  useZodForm,
} from '../../../ui/form';
import { modePages, RecordFormPage } from '../../../ui/RecordFormPage';
import { useToast } from '../../../ui/toast';
import { createPreference, getPreference, listCustomerLocations, updatePreference, type CustomerLocation } from '../api';
import { customerLookup } from '../../../data/people';
import { preferenceMessages } from '../messages';
import { EVENT_KEYS, locationOption, preferenceOptions, translatePreferenceMessage, usePreferenceToasts } from '../words';
import {
  CustomerPreferenceFormSchema,
  emptyPreferenceForm,
  MAX_ROWS,
  NOTIFICATION_EVENTS,
  toPreferenceFormValues,
  toPreferenceWrite,
  type CustomerPreferenceFormInput as Input,
  type CustomerPreferenceFormOutput,
  type PreferenceRow,
} from '../schema';

/** The list, from an edit or create page (the admin area's router is the base). */
const LIST_PATH = adminPaths.customerPreferences();

const fieldsetClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700';
const legendClass = 'px-1 text-sm font-semibold';

/**
 * customer-preference/create (no id) and customer-preference/{id}/edit. `history` renders
 * below the form of a loaded preference: the app fills it with the record's audit history.
 */
export function CustomerPreferenceFormPage({ mode, history }: { mode: 'create' | 'edit'; history?: (preferenceId: string) => ReactNode }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  return (
    <RecordFormPage<PreferenceRow> mode={mode} scope={tenantId} load={(id) => getPreference(tenantId, id)} listPath={LIST_PATH} words={preferenceMessages}>
      {(row) => (
        <>
          <PreferenceForm tenantId={tenantId} row={row} />
          {row && history && <div className="max-w-4xl pt-6">{history(row.id)}</div>}
        </>
      )}
    </RecordFormPage>
  );
}

/** The chosen customer's addresses: loading while the answer for this customer has not come (an answer for the customer chosen before is dropped). */
function useCustomerLocations(tenantId: string, customerId: string | null) {
  const { state, retry } = useRecordLoad<CustomerLocation[]>(
    customerId && tenantId ? `${tenantId}/${customerId}` : null,
    (signal) => listCustomerLocations(tenantId, customerId ?? '', signal),
    { loadingOnNewKey: true },
  );
  return {
    status: !customerId ? ('none' as const) : state.status === 'ready' || state.status === 'failed' ? state.status : ('loading' as const),
    options: customerId && state.status === 'ready' ? state.record : [],
    retry,
  };
}

/** The end time is re-checked when either time changes, once the user has been at it (or tried to save). */
function useRecheckEndTime(form: UseFormReturn<Input, unknown, CustomerPreferenceFormOutput>) {
  const start = useWatch({ control: form.control, name: 'preferred_time_start' });
  const { touchedFields, isSubmitted } = useFormState({ control: form.control });
  const endVisited = Boolean(touchedFields.preferred_time_end) || isSubmitted;
  const lastStart = useRef(start);
  useEffect(() => {
    if (lastStart.current === start) return;
    lastStart.current = start;
    if (endVisited) void form.trigger('preferred_time_end');
  }, [form, start, endVisited]);
}

function PreferenceForm({ tenantId, row }: { tenantId: string; row: PreferenceRow | null }) {
  const toast = useToast();
  const t = useT(preferenceMessages);
  const toasts = usePreferenceToasts();
  const options = useMemo(() => preferenceOptions(t), [t]);
  const translate = useCallback((message: string) => translatePreferenceMessage(t, message), [t]);
  const form = useZodForm(CustomerPreferenceFormSchema, { defaultValues: row ? toPreferenceFormValues(row) : emptyPreferenceForm() }, translate);
  const customerId = useWatch({ control: form.control, name: 'customer_id' }) || null;
  const locations = useCustomerLocations(tenantId, customerId);
  const customer = currentOption(row?.customer_id, row?.customer_name);
  useRecheckEndTime(form);

  // A new customer: the location was one of the previous customer's addresses.
  const lastCustomer = useRef(customerId);
  useEffect(() => {
    if (lastCustomer.current === customerId) return;
    lastCustomer.current = customerId;
    form.setValue('location_id', '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }, [form, customerId]);

  // One failure text for every kind of failed save.
  const save = useRecordSave<PreferenceRow, ReturnType<typeof toPreferenceWrite>>({
    record: row,
    create: (write) => createPreference(tenantId, write),
    update: (current, write) => updatePreference(tenantId, current.id, write),
    messages: { ...toasts, createFailed: toasts.failed, updateFailed: toasts.failed, validation: toasts.failed, unknown: toasts.failed },
    then: LIST_PATH,
  });

  async function onSubmit(values: CustomerPreferenceFormOutput) {
    if (!tenantId) {
      toast.error(row ? toasts.idsRequired : toasts.tenantRequired);
      return;
    }
    await save.onSubmit(toPreferenceWrite(values));
  }

  const locationPlaceholder =
    locations.status === 'none'
      ? t('field.locationNone')
      : locations.status === 'loading'
        ? t('field.locationLoading')
        : locations.status === 'failed'
          ? t('field.locationFailed')
          : locations.options.length === 0
            ? t('field.locationEmpty')
            : t('field.locationSelect');

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={save.onServerError} className="max-w-4xl space-y-6" aria-label={row ? t('form.edit') : t('form.create')}>
      <section className="grid gap-5 sm:grid-cols-2">
        <LookupField<Input, 'customer_id'> name="customer_id" label={t('field.customer')} required lookup={customerLookup(tenantId)} initialOptions={customer} placeholder={t('field.customerSearch')} />
        <div>
          <SelectField<Input, 'location_id'>
            name="location_id"
            label={t('field.location')}
            required
            disabled={locations.status !== 'ready' || locations.options.length === 0}
            options={locations.options.map((location) => locationOption(t, location))}
            placeholder={locationPlaceholder}
            help={locations.status === 'none' ? t('field.locationHelp') : undefined}
          />
          {locations.status === 'failed' && (
            <Button variant="secondary" className="mt-2" onClick={locations.retry}>
              {t('field.retry')}
            </Button>
          )}
        </div>
        <TextField<Input, 'name'> name="name" label={t('field.name')} required maxLength={200} placeholder={t('field.namePlaceholder')} />
        <TextField<Input, 'description'> name="description" label={t('field.description')} maxLength={2000} />
      </section>

      <fieldset className={`${fieldsetClass} grid gap-5 sm:grid-cols-3`}>
        <legend className={legendClass}>{t('section.window')}</legend>
        <SelectField<Input, 'preferred_day_of_week'> name="preferred_day_of_week" label={t('field.day')} required options={options.days} placeholder={t('field.daySelect')} />
        <TimeField<Input, 'preferred_time_start'> name="preferred_time_start" label={t('field.start')} required />
        <TimeField<Input, 'preferred_time_end'> name="preferred_time_end" label={t('field.end')} required />
        <TextAreaField<Input, 'delivery_instructions'>
          name="delivery_instructions"
          label={t('field.instructions')}
          className="sm:col-span-3"
          maxLength={2000}
          placeholder={t('field.instructionsPlaceholder')}
        />
      </fieldset>

      <fieldset className={`${fieldsetClass} space-y-5`}>
        <legend className={legendClass}>{t('section.options')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SwitchField<Input, 'delivery_options.signature_required'> name="delivery_options.signature_required" label={t('field.signature')} />
          <SwitchField<Input, 'delivery_options.requires_appointment'> name="delivery_options.requires_appointment" label={t('field.appointment')} />
          <SwitchField<Input, 'delivery_options.leave_with_neighbor'> name="delivery_options.leave_with_neighbor" label={t('field.neighbour')} />
          <SwitchField<Input, 'delivery_options.leave_at_door'> name="delivery_options.leave_at_door" label={t('field.door')} />
          <CheckboxField<Input, 'delivery_options.package_handling.fragile'> name="delivery_options.package_handling.fragile" label={t('field.fragile')} />
          <CheckboxField<Input, 'delivery_options.package_handling.temperature_sensitive'>
            name="delivery_options.package_handling.temperature_sensitive"
            label={t('field.temperature')}
          />
        </div>
        <ArrayField<Input, 'delivery_options.authorized_receivers'>
          name="delivery_options.authorized_receivers"
          label={t('field.receivers')}
          help={t('field.receiversHelp')}
          max={MAX_ROWS}
          addLabel={t('field.addReceiver')}
          removeLabel={t('field.removeReceiver')}
          newRow={() => ({ name: '', relationship: '', contact: '' })}
        >
          {(index) => (
            <>
              <TextField<Input, `delivery_options.authorized_receivers.${number}.name`>
                name={`delivery_options.authorized_receivers.${index}.name`}
                label={t('field.receiverName')}
                required
                maxLength={200}
              />
              <TextField<Input, `delivery_options.authorized_receivers.${number}.relationship`>
                name={`delivery_options.authorized_receivers.${index}.relationship`}
                label={t('field.relationship')}
                required
                maxLength={100}
                placeholder={t('field.relationshipPlaceholder')}
              />
              <TextField<Input, `delivery_options.authorized_receivers.${number}.contact`>
                name={`delivery_options.authorized_receivers.${index}.contact`}
                label={t('field.contact')}
                required
                maxLength={200}
                placeholder={t('field.receiverContactPlaceholder')}
                className="sm:col-span-2"
              />
            </>
          )}
        </ArrayField>
      </fieldset>

      <fieldset className={`${fieldsetClass} space-y-5`}>
        <legend className={legendClass}>{t('section.contact')}</legend>
        <ArrayField<Input, 'contact_preferences.notification_methods'>
          name="contact_preferences.notification_methods"
          label={t('field.methods')}
          max={MAX_ROWS}
          addLabel={t('field.addMethod')}
          removeLabel={t('field.removeMethod')}
          newRow={() => ({ type: '', enabled: true, contact: '' })}
        >
          {(index) => (
            <>
              <SelectField<Input, `contact_preferences.notification_methods.${number}.type`>
                name={`contact_preferences.notification_methods.${index}.type`}
                label={t('field.type')}
                required
                options={options.types}
                placeholder={t('field.typeSelect')}
              />
              <TextField<Input, `contact_preferences.notification_methods.${number}.contact`>
                name={`contact_preferences.notification_methods.${index}.contact`}
                label={t('field.contact')}
                required
                maxLength={200}
                placeholder={t('field.methodContactPlaceholder')}
              />
              <CheckboxField<Input, `contact_preferences.notification_methods.${number}.enabled`>
                name={`contact_preferences.notification_methods.${index}.enabled`}
                label={t('field.enabled')}
              />
            </>
          )}
        </ArrayField>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('field.notify')}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {NOTIFICATION_EVENTS.map((event) => (
              <CheckboxField<Input, `contact_preferences.notification_events.${typeof event}`>
                key={event}
                name={`contact_preferences.notification_events.${event}`}
                label={t(EVENT_KEYS[event])}
              />
            ))}
          </div>
        </fieldset>
        <SelectField<Input, 'contact_preferences.language'>
          name="contact_preferences.language"
          label={t('field.language')}
          required
          options={options.languages}
          placeholder={t('field.languageSelect')}
          className="sm:max-w-xs"
        />
      </fieldset>

      <fieldset className={`${fieldsetClass} grid gap-4 sm:grid-cols-3`}>
        <legend className={legendClass}>{t('section.notifications')}</legend>
        <SwitchField<Input, 'notification_preferences.email_notifications'> name="notification_preferences.email_notifications" label={t('field.emailNotifications')} />
        <SwitchField<Input, 'notification_preferences.sms_notifications'> name="notification_preferences.sms_notifications" label={t('field.smsNotifications')} />
        <SwitchField<Input, 'notification_preferences.push_notifications'> name="notification_preferences.push_notifications" label={t('field.pushNotifications')} />
      </fieldset>

      <fieldset className={`${fieldsetClass} grid gap-5 sm:grid-cols-2`}>
        <legend className={legendClass}>{t('section.general')}</legend>
        <TextField<Input, 'delivery_preferences.preferred_delivery_time'>
          name="delivery_preferences.preferred_delivery_time"
          label={t('field.preferredTime')}
          maxLength={100}
          placeholder={t('field.preferredTimePlaceholder')}
        />
        <CheckboxField<Input, 'delivery_preferences.signature_required'> name="delivery_preferences.signature_required" label={t('field.signature')} className="sm:pt-7" />
        <MultiSelectField<Input, 'delivery_preferences.preferred_delivery_days'>
          name="delivery_preferences.preferred_delivery_days"
          label={t('field.preferredDays')}
          options={options.days}
          className="sm:col-span-2"
        />
        <TextAreaField<Input, 'delivery_preferences.delivery_instructions'>
          name="delivery_preferences.delivery_instructions"
          label={t('field.generalInstructions')}
          maxLength={2000}
          rows={2}
          className="sm:col-span-2"
        />
      </fieldset>

      <SwitchField<Input, 'is_active'> name="is_active" label={t('field.active')} help={t('field.activeHelp')} />

      <FormActions submitLabel={row ? t('form.save') : t('form.submit')} cancelTo={LIST_PATH} />
    </Form>
  );
}

export const { create: CustomerPreferenceCreatePage, edit: CustomerPreferenceEditPage } = modePages(CustomerPreferenceFormPage);
