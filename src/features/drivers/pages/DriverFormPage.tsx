import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import { currentOption } from '../../../lib/lookup-option';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useStatuses } from '../../../lib/status-vocabulary';
import { adminPaths } from '../../../lib/paths';
import { mapsToken } from '../../../lib/geocoding';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useNow } from '../../../lib/use-now';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { driverStatus } from '../../../data/statuses';
import { Chip, StatusChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ComboboxField, DateField, Form, LookupField, SelectField, SubmitButton, TextAreaField, TextField, useZodForm } from '../../../ui/form';
import { FitBounds, MapView, type LngLatTuple, type MapGeoJsonLayer, type MapMarker } from '../../../ui/map';
import { modePages } from '../../../ui/RecordFormPage';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { vehicleLookup } from '../../../data/vehicles';
import { zoneLookup } from '../../../data/zones';
import {
  createDriver,
  deleteDriver,
  getDriver,
  inviteDriver,
  listTrail,
  lookupDriverCandidates,
  setDriverStatus,
  updateDriver,
  type TrailPoint,
} from '../api';
import { driversSource } from '../atoms';
import { uiMessages } from '../../../ui/messages';
import { driversMessages } from '../messages';
import { licenceClassOptions, translateDriverMessage } from '../words';
import {
  DriverCreateSchema,
  DriverFormSchema,
  emptyDriverCreateForm,
  isoDay,
  licenceState,
  SETTABLE_STATUSES,
  toDriverFormValues,
  toDriverWrite,
  type DriverCreateInput,
  type DriverCreateOutput,
  type DriverFormInput,
  type DriverFormOutput,
  type DriverRow,
  type SettableStatus,
} from '../schema';

/** The driver forms' toasts in the page's language. */
function useDriverToasts() {
  const t = useT(driversMessages);
  return useMemo(
    () => ({
      created: t('toast.created'),
      invited: t('toast.invited'),
      updated: t('toast.updated'),
      createFailed: t('toast.createFailed'),
      updateFailed: t('toast.updateFailed'),
      validation: t('toast.validation'),
      unknown: t('toast.unknown'),
      fetchFailed: t('toast.fetchFailed'),
      notFound: t('toast.notFound'),
      deleted: t('toast.deleted'),
      invitedNotCreated: t('toast.invitedNotCreated'),
    }),
    [t],
  );
}

/** The schema's (English) messages shown in the page's language. */
function useDriverTranslate() {
  const t = useT(driversMessages);
  return useCallback((message: string) => translateDriverMessage(t, message), [t]);
}

const LIST_PATH = adminPaths.drivers();

/** drivers/create (no id) or drivers/{id}/edit; `history` renders the record's audit history below a loaded driver. */
export function DriverFormPage({ mode, history }: { mode: 'create' | 'edit'; history?: (driverId: string) => ReactNode }) {
  const t = useT(driversMessages);
  const ui = useT(uiMessages);
  const toasts = useDriverToasts();
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const { state, retry, setRecord } = useRecordLoad<DriverRow | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, () => getDriver(tenantId, id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(toasts.fetchFailed),
  });

  const header = (
    <PageHeader
      title={mode === 'create' ? t('form.create') : t('form.edit')}
      breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: t('list.title'), href: LIST_PATH }, { label: mode === 'create' ? ui('record.create') : ui('record.edit') }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      missing={mode === 'edit' && !id}
      notFoundTitle={toasts.notFound}
      failedTitle={toasts.fetchFailed}
      loadingLabel={t('form.loading')}
    >
      {(driver) =>
        driver ? (
          <DriverEdit key={driver.id} tenantId={tenantId} driver={driver} onChanged={setRecord} history={history} />
        ) : (
          <DriverCreateForm tenantId={tenantId} />
        )
      }
    </RecordStates>
  );
}

const radioClass = 'size-4 accent-brand';

function DriverCreateForm({ tenantId }: { tenantId: string }) {
  const t = useT(driversMessages);
  const ui = useT(uiMessages);
  const toasts = useDriverToasts();
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(DriverCreateSchema, { defaultValues: emptyDriverCreateForm() }, useDriverTranslate());
  const source = useWatch({ control: form.control, name: 'source' });
  const sourceName = useId();
  // An invited person whose driver record then failed: saving again attaches the record to them.
  const [invited, setInvited] = useState<{ id: string; full_name: string } | null>(null);

  async function onSubmit(values: DriverCreateOutput) {
    const write = toDriverWrite(values);
    if (values.source === 'existing') {
      await createDriver(tenantId, values.person_id ?? '', write);
      toast.success(toasts.created);
      navigate(LIST_PATH);
      return;
    }
    const person = await inviteDriver({ email: values.email, first_name: values.first_name, last_name: values.last_name, phone: write.phone });
    try {
      await createDriver(tenantId, person.id, write);
    } catch (error) {
      // The person exists now: continue as 'existing driver user' with them picked.
      setInvited(person);
      form.setValue('source', 'existing');
      form.setValue('person_id', person.id);
      toast.error(toasts.invitedNotCreated);
      throw error;
    }
    toast.success(toasts.invited);
    navigate(LIST_PATH);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    for (const text of saveFailureToasts(error, result, { validation: toasts.validation, failed: toasts.createFailed, unknown: toasts.unknown })) toast.error(text);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-5" aria-label={t('form.create')}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('form.who')}</legend>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" className={radioClass} name={sourceName} checked={source === 'existing'} onChange={() => form.setValue('source', 'existing')} />
            {t('form.existing')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" className={radioClass} name={sourceName} checked={source === 'invite'} onChange={() => form.setValue('source', 'invite')} />
            {t('form.invite')}
          </label>
        </div>
      </fieldset>
      {source === 'existing' ? (
        <ComboboxField<DriverCreateInput, 'person_id'>
          name="person_id"
          label={t('field.person')}
          required
          search={(term, signal, limit) => lookupDriverCandidates(tenantId, term, limit, signal)}
          initialOptions={invited ? [{ value: invited.id, label: invited.full_name }] : []}
          help={t('field.personHelp')}
        />
      ) : (
        <div className="space-y-5">
          <TextField<DriverCreateInput, 'email'> name="email" label={t('field.email')} type="email" autoComplete="off" required help={t('field.emailHelp')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField<DriverCreateInput, 'first_name'> name="first_name" label={t('field.firstName')} required />
            <TextField<DriverCreateInput, 'last_name'> name="last_name" label={t('field.lastName')} required />
          </div>
        </div>
      )}
      <DriverFields tenantId={tenantId} driver={null} />
      <div className="flex gap-3">
        <SubmitButton>{source === 'invite' ? t('form.inviteAndCreate') : t('form.create')}</SubmitButton>
        <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(LIST_PATH)}>
          {ui('cancel')}
        </button>
      </div>
    </Form>
  );
}

/** The fields both forms share; the form is found by context. */
function DriverFields({ tenantId, driver }: { tenantId: string; driver: DriverRow | null }) {
  const t = useT(driversMessages);
  const classes = useMemo(() => licenceClassOptions(t), [t]);
  const vehicle = currentOption(driver?.default_vehicle_id, driver?.default_vehicle_name);
  const zone = currentOption(driver?.home_zone_id, driver?.home_zone_name);
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField<DriverFormInput, 'licence_number'> name="licence_number" label={t('field.licenceNumber')} required autoComplete="off" />
        <SelectField<DriverFormInput, 'licence_class'> name="licence_class" label={t('field.licenceClass')} required options={classes} />
        <DateField<DriverFormInput, 'licence_expiry'> name="licence_expiry" label={t('field.licenceExpiry')} required />
      </div>
      <TextField<DriverFormInput, 'phone'> name="phone" label={t('field.phone')} type="tel" autoComplete="off" help={t('field.phoneHelp')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField<DriverFormInput, 'default_vehicle_id'> name="default_vehicle_id" label={t('field.defaultVehicle')} lookup={vehicleLookup(tenantId, { activeOnly: true })} initialOptions={vehicle} />
        <LookupField<DriverFormInput, 'home_zone_id'> name="home_zone_id" label={t('field.homeZone')} lookup={zoneLookup(tenantId, { activeOnly: true })} initialOptions={zone} />
      </div>
      <TextAreaField<DriverFormInput, 'notes'> name="notes" label={t('field.notes')} help={t('field.notesHelp')} />
    </>
  );
}

function DriverEdit({
  tenantId,
  driver,
  onChanged,
  history,
}: {
  tenantId: string;
  driver: DriverRow;
  onChanged: (driver: DriverRow) => void;
  history?: (driverId: string) => ReactNode;
}) {
  const t = useT(driversMessages);
  const format = useFormat();
  const toasts = useDriverToasts();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const live = useLiveCollection(driversSource, tenantId);
  // Status and position as the live topic last said (a driver's device reports while the page is open).
  const liveRow = live.rows.get(driver.id);
  const current: DriverRow = liveRow && liveRow.updated_at >= driver.updated_at ? { ...driver, ...liveRow } : driver;
  const today = isoDay(useNow());
  const licence = licenceState(current.licence_expiry, today);

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <section className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-label={t('card.label')}>
          <Avatar name={current.full_name} src={current.avatar_url} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="text-lg font-semibold">{current.full_name}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{current.email}</p>
            <p className="mt-1 flex flex-wrap gap-2">
              <StatusChip vocabulary={driverStatus} status={current.status} />
              {licence === 'expired' && <Chip tone="error">{t('card.licenceExpired', { date: format.date(current.licence_expiry) })}</Chip>}
              {licence === 'expiring' && <Chip tone="warning">{t('card.licenceExpires', { date: format.date(current.licence_expiry) })}</Chip>}
              {current.person_status !== 'active' && <Chip tone="neutral">{t('card.account', { status: current.person_status })}</Chip>}
            </p>
          </div>
        </section>
        <StatusControl driver={current} onChanged={(updated) => onChanged({ ...driver, ...updated })} />
        <DriverEditForm tenantId={tenantId} driver={driver} />
        <section className="space-y-2 border-t border-slate-200 pt-6 dark:border-slate-700">
          <h2 className="text-base font-semibold">{t('delete.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('delete.intro')}
          </p>
          <Button variant="secondary" className="text-red-700 dark:text-red-300" onClick={() => setDeleting(true)}>
            {t('delete.title')}
          </Button>
        </section>
        {history && <div className="pt-2">{history(driver.id)}</div>}
      </div>
      <PositionPanel driver={current} />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.confirmTitle')}
        message={t('delete.confirmMessage', { name: driver.full_name })}
        confirmLabel={t('delete.confirm')}
        destructive
        onConfirm={async () => {
          await deleteDriver(tenantId, driver.id);
          toast.success(toasts.deleted);
          navigate(LIST_PATH);
        }}
      />
    </div>
  );
}

function DriverEditForm({ tenantId, driver }: { tenantId: string; driver: DriverRow }) {
  const t = useT(driversMessages);
  const ui = useT(uiMessages);
  const toasts = useDriverToasts();
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(DriverFormSchema, { defaultValues: toDriverFormValues(driver) }, useDriverTranslate());

  async function onSubmit(values: DriverFormOutput) {
    await updateDriver(tenantId, driver.id, toDriverWrite(values));
    toast.success(toasts.updated);
    navigate(LIST_PATH);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    for (const text of saveFailureToasts(error, result, { validation: toasts.validation, failed: toasts.updateFailed, unknown: toasts.unknown })) toast.error(text);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-5" aria-label={t('form.edit')}>
      <DriverFields tenantId={tenantId} driver={driver} />
      <div className="flex gap-3">
        <SubmitButton>{t('form.save')}</SubmitButton>
        <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(LIST_PATH)}>
          {ui('cancel')}
        </button>
      </div>
    </Form>
  );
}

const selectClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Duty status through set_driver_status: available, on break or offline; busy follows accepted work. */
function StatusControl({ driver, onChanged }: { driver: DriverRow; onChanged: (driver: Partial<DriverRow>) => void }) {
  const toast = useToast();
  const t = useT(driversMessages);
  const statuses = useStatuses(driverStatus);
  const id = useId();
  const [choice, setChoice] = useState<SettableStatus>(driver.status === 'busy' ? 'available' : driver.status);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unchanged = choice === driver.status || (choice === 'available' && driver.status === 'busy');

  async function apply() {
    setSaving(true);
    setProblem(null);
    try {
      const updated = await setDriverStatus(driver.id, choice);
      onChanged(updated);
      toast.success(updated.status === 'busy' && choice === 'available' ? t('duty.staysBusy') : t('duty.changed'));
    } catch (error) {
      const message = error instanceof Error ? error.message : (error as { message?: string }).message;
      setProblem(message ?? t('duty.failed'));
      toast.error(t('duty.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('duty.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('duty.now', { status: driver.status })}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={id} className="sr-only">
          {t('duty.newStatus')}
        </label>
        <select id={id} className={`${selectClass} max-w-48`} value={choice} onChange={(event) => setChoice(event.target.value as SettableStatus)}>
          {SETTABLE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statuses.label(value)}
            </option>
          ))}
        </select>
        <Button variant="secondary" busy={saving} disabled={unchanged} onClick={() => void apply()}>
          {t('duty.set')}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The last known position on a small map, with the thinned trail of the last 24 hours. */
function PositionPanel({ driver }: { driver: DriverRow }) {
  const t = useT(driversMessages);
  const format = useFormat();
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  const now = useNow();
  const positionAt = driver.last_position_at;
  // Read again at each new fix (the trail shown stays meanwhile); a failed read draws no trail, and an
  // answer for another driver or an earlier fix is dropped.
  const { state: trailLoad } = useRecordLoad<TrailPoint[]>(`${driver.id}/${positionAt ?? ''}`, (signal) => listTrail(driver.id, signal));
  const trail = useMemo(() => (trailLoad.status === 'ready' ? trailLoad.record : []), [trailLoad]);

  const hasPosition = driver.last_lat !== null && driver.last_lng !== null && positionAt !== null;
  const markers = useMemo<MapMarker[]>(
    () => (hasPosition ? [{ id: driver.id, lat: driver.last_lat ?? 0, lng: driver.last_lng ?? 0, label: driver.full_name, color: '#2563eb' }] : []),
    [hasPosition, driver.id, driver.last_lat, driver.last_lng, driver.full_name],
  );
  const layers = useMemo<MapGeoJsonLayer[]>(
    () =>
      trail.length > 1
        ? [
            {
              id: 'trail',
              type: 'line',
              data: { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: trail.map((p) => [p.lng, p.lat]) } },
              paint: { 'line-color': '#2563eb', 'line-width': 3, 'line-opacity': 0.6 },
            },
          ]
        : [],
    [trail],
  );

  // The trail and the last fix in view.
  const extent = useMemo<LngLatTuple[][]>(
    () => (hasPosition ? [[...trail.map((p): LngLatTuple => [p.lng, p.lat]), [driver.last_lng ?? 0, driver.last_lat ?? 0]]] : []),
    [hasPosition, trail, driver.last_lng, driver.last_lat],
  );

  return (
    <section className="space-y-3" aria-label={t('position.title')}>
      <h2 className="text-base font-semibold">{t('position.title')}</h2>
      {hasPosition ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t.rich('position.seen', {
              when: () => (
                <time dateTime={positionAt ?? ''} title={format.dateTime(positionAt)}>
                  {format.relative(positionAt ?? '', now)}
                </time>
              ),
              lat: format.number(driver.last_lat ?? 0, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
              lng: format.number(driver.last_lng ?? 0, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
            })}
            {driver.last_speed !== null ? t('position.speed', { speed: Math.round(driver.last_speed * 3.6) }) : ''}
            {driver.last_accuracy !== null ? t('position.accuracy', { metres: Math.round(driver.last_accuracy) }) : ''}
            {trail.length > 0 ? t('position.trail', { count: trail.length }) : ''}
          </p>
          <MapView defaultCenter={tenantSettings?.mapCentre} height={320} markers={markers} layers={layers} mapboxToken={mapsToken(tenantSettings?.mapsKey)}>
            <FitBounds outlines={extent} maxZoom={15} />
          </MapView>
        </>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
          {t('position.none')}
        </p>
      )}
    </section>
  );
}

export const { create: DriverCreatePage, edit: DriverEditPage } = modePages(DriverFormPage);
