import { locationStatus } from '../../../data/statuses';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useWarehousingWords } from '../../../data/warehousing-words';
import { useT } from '../../../lib/i18n/catalogue';
import { useWatch } from 'react-hook-form';
import { useLocation, useParams, useSearch } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ComboboxField, Form, LookupField, MultiSelectField, NumberField, SelectField, SubmitButton, TextField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { locationLabel, lookupLocationsOfType } from '../../../data/locations';
import { LOCATION_TYPES, type LocationType } from '../../../data/warehousing';
import { warehouseLookup } from '../../../data/warehouses';
import { createLocation, getLocation, updateLocation } from '../api';
import { FormSkeleton } from '../../../ui/FormSkeleton';
import { useStatuses } from '../../../lib/status-vocabulary';
import {
  EMPTY_POSITION,
  emptyLocationForm,
  LocationFormSchema,
  parentTypeOf,
  toLocationFormValues,
  toLocationWrite,
  type LocationFormInput,
  type LocationFormOutput,
  type WarehouseLocation,
} from '../schema';
import { locationMessages, type LocationKey } from '../messages';
import { locationOptions, translateLocationMessage } from '../words';

/** A parent picker's help and search words, by the type it picks (one level up). */
const PARENT_KEYS = {
  zone: { help: 'parent.aisle', search: 'parent.searchZones' },
  aisle: { help: 'parent.shelf', search: 'parent.searchAisles' },
  shelf: { help: 'parent.bin', search: 'parent.searchShelves' },
} as const satisfies Record<Exclude<LocationType, 'bin'>, { help: LocationKey; search: LocationKey }>;

const LIST_PATH = adminPaths.locations();

function Header({ mode }: { mode: 'create' | 'edit' }) {
  const t = useT(locationMessages);
  return (
    <PageHeader
      title={mode === 'create' ? t('form.create') : t('form.edit')}
      breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title'), href: LIST_PATH }, { label: mode === 'create' ? t('crumb.create') : t('crumb.edit') }]}
    />
  );
}

/** locations/create?warehouse_id=…&parent_id=…&location_type=…: the tree's and the warehouse's "add" links prefill the form. */
export function LocationCreatePage() {
  const tenantId = useTenantId() ?? '';
  const params = new URLSearchParams(useSearch());
  const type = params.get('location_type');
  const prefill = {
    warehouse_id: params.get('warehouse_id') ?? undefined,
    parent_id: params.get('parent_id') ?? undefined,
    location_type: (LOCATION_TYPES as readonly string[]).includes(type ?? '') ? (type as LocationType) : undefined,
  };
  return (
    <div className="space-y-4">
      <Header mode="create" />
      <LocationForm tenantId={tenantId} location={null} defaults={emptyLocationForm(prefill)} />
    </div>
  );
}

/** An edit whose load fails shows 'Failed to fetch warehouse location' and returns to the list. */
export function LocationEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const toast = useToast();
  const t = useT(locationMessages);
  const { state } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getLocation(tenantId, id));
  const failed = state.status === 'failed' || state.status === 'missing';

  useEffect(() => {
    if (!failed) return;
    toast.error(t('toast.fetchFailed'));
    navigate(LIST_PATH, { replace: true });
    // toast and navigate are stable; this runs once per failed load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  return (
    <div className="space-y-4">
      <Header mode="edit" />
      {state.status === 'ready' ? (
        <LocationForm key={state.record.id} tenantId={tenantId} location={state.record} defaults={toLocationFormValues(state.record)} />
      ) : (
        <FormSkeleton label={t('form.loading')} />
      )}
    </div>
  );
}

function LocationForm({ tenantId, location, defaults }: { tenantId: string; location: WarehouseLocation | null; defaults: LocationFormInput }) {
  const statusWords = useStatuses(locationStatus);
  const [, navigate] = useLocation();
  const toast = useToast();
  const t = useT(locationMessages);
  const { locationTypes, securityLevels } = useWarehousingWords();
  const options = useMemo(() => locationOptions(t), [t]);
  const translate = useCallback((message: string) => translateLocationMessage(t, message), [t]);
  const form = useZodForm(LocationFormSchema, { defaultValues: defaults }, translate);
  const [type, warehouseId] = useWatch({ control: form.control, name: ['location_type', 'warehouse_id'] });
  const parentType = parentTypeOf(type ?? '');

  // Changing the type resets the position fields (and the parent, which must be one level up).
  const previousType = useRef(type);
  useEffect(() => {
    if (previousType.current === type) return;
    previousType.current = type;
    form.setValue('position', { ...EMPTY_POSITION });
    form.setValue('parent_id', null);
    form.clearErrors(['position', 'parent_id']);
  }, [type, form]);

  async function onSubmit(values: LocationFormOutput) {
    const write = toLocationWrite(values);
    const saved = location ? await updateLocation(tenantId, location.id, write) : await createLocation(tenantId, write);
    toast.success(location ? t('toast.updated') : t('toast.created'));
    // After a create the list reloads, showing the new location's warehouse.
    navigate(`${LIST_PATH}?warehouse=${saved.warehouse_id}`);
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    toast.error(location ? t('toast.updateFailed') : t('toast.createFailed'));
    if (result.applied.length === 0 && result.unmatched) toast.error(result.unmatched);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={location ? t('form.edit') : t('form.create')}>
      {location && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('form.code')} <span className="font-mono font-semibold">{location.code}</span>
        </p>
      )}
      <section className="grid gap-5 sm:grid-cols-2">
        <LookupField<LocationFormInput, 'warehouse_id'> name="warehouse_id" label={t('field.warehouse')} required lookup={warehouseLookup(tenantId)} placeholder={t('field.searchWarehouses')} />
        <SelectField<LocationFormInput, 'location_type'> name="location_type" label={t('field.type')} required options={locationTypes.options} />
        <TextField<LocationFormInput, 'name'> name="name" label={t('field.name')} required />
        <ComboboxField<LocationFormInput, 'parent_id'>
          key={`${warehouseId ?? ''}:${type ?? ''}`}
          name="parent_id"
          label={t('field.parent')}
          disabled={!parentType || !warehouseId}
          help={parentType && parentType !== 'bin' ? t(PARENT_KEYS[parentType].help) : t('parent.noParent')}
          search={(term, signal, limit) =>
            parentType && warehouseId ? lookupLocationsOfType(tenantId, warehouseId, parentType, term, limit, signal) : Promise.resolve([])
          }
          resolveLabel={(id) => locationLabel(tenantId, id)}
          placeholder={parentType && parentType !== 'bin' ? t(PARENT_KEYS[parentType].search) : undefined}
        />
        <SelectField<LocationFormInput, 'status'> name="status" label={t('field.status')} required options={statusWords.options} />
      </section>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700" aria-label={t('field.position')}>
        <legend className="px-1 text-sm font-semibold">{t('field.position')}</legend>
        {type === 'zone' && (
          <>
            <NumberField<LocationFormInput, 'position.floor'> name="position.floor" label={t('field.floor')} step={1} />
            <TextField<LocationFormInput, 'position.area'> name="position.area" label={t('field.area')} />
          </>
        )}
        {type === 'aisle' && (
          <>
            <NumberField<LocationFormInput, 'position.number'> name="position.number" label={t('field.aisleNumber')} min={0} step={1} />
            <TextField<LocationFormInput, 'position.section'> name="position.section" label={t('field.section')} />
          </>
        )}
        {type === 'shelf' && (
          <>
            <NumberField<LocationFormInput, 'position.height'> name="position.height" label={t('field.shelfHeight')} min={0} step="any" unit="cm" />
            <NumberField<LocationFormInput, 'position.sequence'> name="position.sequence" label={t('field.sequence')} min={0} step={1} />
          </>
        )}
        {type === 'bin' && (
          <>
            <SelectField<LocationFormInput, 'position.position'> name="position.position" label={t('field.binPosition')} options={options.binPositions} />
            <NumberField<LocationFormInput, 'position.sequence'> name="position.sequence" label={t('field.sequence')} min={0} step={1} />
          </>
        )}
        {!type && <p className="text-sm text-slate-500 sm:col-span-2">{t('field.chooseType')}</p>}
      </fieldset>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t('field.capacity')}</legend>
        <NumberField<LocationFormInput, 'capacity.max_weight'> name="capacity.max_weight" label={t('field.maxWeight')} min={0} step="any" unit="kg" />
        <NumberField<LocationFormInput, 'capacity.max_volume'> name="capacity.max_volume" label={t('field.maxVolume')} min={0} step="any" unit="m³" />
        <NumberField<LocationFormInput, 'capacity.item_limit'> name="capacity.item_limit" label={t('field.itemLimit')} min={0} step={1} />
        <NumberField<LocationFormInput, 'capacity.dimensions.length'> name="capacity.dimensions.length" label={t('field.length')} min={0} step="any" unit="cm" />
        <NumberField<LocationFormInput, 'capacity.dimensions.width'> name="capacity.dimensions.width" label={t('field.width')} min={0} step="any" unit="cm" />
        <NumberField<LocationFormInput, 'capacity.dimensions.height'> name="capacity.dimensions.height" label={t('field.height')} min={0} step="any" unit="cm" />
      </fieldset>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t('field.handling')}</legend>
        <NumberField<LocationFormInput, 'metadata.temperature_range.min'> name="metadata.temperature_range.min" label={t('field.minTemp')} step="any" unit="°C" />
        <NumberField<LocationFormInput, 'metadata.temperature_range.max'> name="metadata.temperature_range.max" label={t('field.maxTemp')} step="any" unit="°C" />
        <SelectField<LocationFormInput, 'metadata.security_level'> name="metadata.security_level" label={t('field.security')} options={securityLevels.options} />
        <div className="hidden sm:block" />
        <MultiSelectField<LocationFormInput, 'metadata.special_handling'>
          name="metadata.special_handling"
          label={t('field.specialHandling')}
          options={options.specialHandling}
          className="sm:col-span-2"
        />
        <MultiSelectField<LocationFormInput, 'metadata.access_restrictions'>
          name="metadata.access_restrictions"
          label={t('field.restrictions')}
          options={options.accessRestrictions}
          className="sm:col-span-2"
        />
        <TextField<LocationFormInput, 'metadata.notes'> name="metadata.notes" label={t('field.notes')} className="sm:col-span-2" />
      </fieldset>

      <div className="flex gap-3">
        <SubmitButton>{location ? t('form.save') : t('form.createLocation')}</SubmitButton>
        <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
          {t('form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
