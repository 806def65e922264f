import { locationStatus } from '../../../data/statuses';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useParams, useSearch } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import {
  ComboboxField,
  Form,
  MultiSelectField,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { locationLabel } from '../../../data/locations';
import { LOCATION_TYPES, locationTypes, type LocationType } from '../../../data/warehousing';
import { warehouseLookup } from '../../../data/warehouses';
import { securityLevels } from '../../../data/warehousing';
import { createLocation, getLocation, lookupParentLocations, updateLocation } from '../api';
import { FormSkeleton } from '../../../ui/FormSkeleton';
import { useStatuses } from '../../../lib/status-vocabulary';
import {
  accessRestrictions,
  binPositions,
  EMPTY_POSITION,
  emptyLocationForm,
  LOCATION_TOASTS,
  LocationFormSchema,
  parentTypeOf,
  specialHandling,
  toLocationFormValues,
  toLocationWrite,
  type LocationFormInput,
  type LocationFormOutput,
  type WarehouseLocation,
} from '../schema';

const LIST_PATH = adminPaths.locations();

function Header({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <PageHeader
      title={mode === 'create' ? 'Create warehouse location' : 'Edit warehouse location'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Locations', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
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
  const { state } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getLocation(tenantId, id));
  const failed = state.status === 'failed' || state.status === 'missing';

  useEffect(() => {
    if (!failed) return;
    toast.error(LOCATION_TOASTS.fetchFailed);
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
        <FormSkeleton label="Loading warehouse location" />
      )}
    </div>
  );
}

function LocationForm({ tenantId, location, defaults }: { tenantId: string; location: WarehouseLocation | null; defaults: LocationFormInput }) {
  const statusWords = useStatuses(locationStatus);
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(LocationFormSchema, { defaultValues: defaults });
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
    toast.success(location ? LOCATION_TOASTS.updated : LOCATION_TOASTS.created);
    // After a create the list reloads, showing the new location's warehouse.
    navigate(`${LIST_PATH}?warehouse=${saved.warehouse_id}`);
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    toast.error(location ? LOCATION_TOASTS.updateFailed : LOCATION_TOASTS.createFailed);
    if (result.applied.length === 0 && result.unmatched) toast.error(result.unmatched);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={location ? 'Edit warehouse location' : 'Create warehouse location'}>
      {location && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Location code <span className="font-mono font-semibold">{location.code}</span>
        </p>
      )}
      <section className="grid gap-5 sm:grid-cols-2">
        <ComboboxField<LocationFormInput, 'warehouse_id'>
          name="warehouse_id"
          label="Warehouse"
          required
          {...warehouseLookup(tenantId)}
          placeholder="Search warehouses"
        />
        <SelectField<LocationFormInput, 'location_type'> name="location_type" label="Location type" required options={locationTypes.options} />
        <TextField<LocationFormInput, 'name'> name="name" label="Name" required />
        <ComboboxField<LocationFormInput, 'parent_id'>
          key={`${warehouseId ?? ''}:${type ?? ''}`}
          name="parent_id"
          label="Parent location"
          disabled={!parentType || !warehouseId}
          help={parentType ? `The ${locationTypes.label(parentType).toLowerCase()} this ${locationTypes.label(type ?? '').toLowerCase()} is in` : 'A zone has no parent'}
          search={(term, signal, limit) =>
            parentType && warehouseId ? lookupParentLocations(tenantId, warehouseId, parentType, term, limit, signal) : Promise.resolve([])
          }
          resolveLabel={(id) => locationLabel(tenantId, id)}
          placeholder={parentType ? `Search ${locationTypes.label(parentType).toLowerCase()}s` : undefined}
        />
        <SelectField<LocationFormInput, 'status'> name="status" label="Status" required options={statusWords.options} />
      </section>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700" aria-label="Position">
        <legend className="px-1 text-sm font-semibold">Position</legend>
        {type === 'zone' && (
          <>
            <NumberField<LocationFormInput, 'position.floor'> name="position.floor" label="Floor" step={1} />
            <TextField<LocationFormInput, 'position.area'> name="position.area" label="Area" />
          </>
        )}
        {type === 'aisle' && (
          <>
            <NumberField<LocationFormInput, 'position.number'> name="position.number" label="Aisle number" min={0} step={1} />
            <TextField<LocationFormInput, 'position.section'> name="position.section" label="Section" />
          </>
        )}
        {type === 'shelf' && (
          <>
            <NumberField<LocationFormInput, 'position.height'> name="position.height" label="Shelf height" min={0} step="any" unit="cm" />
            <NumberField<LocationFormInput, 'position.sequence'> name="position.sequence" label="Sequence" min={0} step={1} />
          </>
        )}
        {type === 'bin' && (
          <>
            <SelectField<LocationFormInput, 'position.position'> name="position.position" label="Bin position" options={binPositions.options} />
            <NumberField<LocationFormInput, 'position.sequence'> name="position.sequence" label="Sequence" min={0} step={1} />
          </>
        )}
        {!type && <p className="text-sm text-slate-500 sm:col-span-2">Choose a location type to set its position.</p>}
      </fieldset>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">Capacity</legend>
        <NumberField<LocationFormInput, 'capacity.max_weight'> name="capacity.max_weight" label="Max weight" min={0} step="any" unit="kg" />
        <NumberField<LocationFormInput, 'capacity.max_volume'> name="capacity.max_volume" label="Max volume" min={0} step="any" unit="m³" />
        <NumberField<LocationFormInput, 'capacity.item_limit'> name="capacity.item_limit" label="Item limit" min={0} step={1} />
        <NumberField<LocationFormInput, 'capacity.dimensions.length'> name="capacity.dimensions.length" label="Length" min={0} step="any" unit="cm" />
        <NumberField<LocationFormInput, 'capacity.dimensions.width'> name="capacity.dimensions.width" label="Width" min={0} step="any" unit="cm" />
        <NumberField<LocationFormInput, 'capacity.dimensions.height'> name="capacity.dimensions.height" label="Height" min={0} step="any" unit="cm" />
      </fieldset>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">Handling</legend>
        <NumberField<LocationFormInput, 'metadata.temperature_range.min'> name="metadata.temperature_range.min" label="Minimum temperature" step="any" unit="°C" />
        <NumberField<LocationFormInput, 'metadata.temperature_range.max'> name="metadata.temperature_range.max" label="Maximum temperature" step="any" unit="°C" />
        <SelectField<LocationFormInput, 'metadata.security_level'> name="metadata.security_level" label="Security level" options={securityLevels.options} />
        <div className="hidden sm:block" />
        <MultiSelectField<LocationFormInput, 'metadata.special_handling'>
          name="metadata.special_handling"
          label="Special handling"
          options={specialHandling.options}
          className="sm:col-span-2"
        />
        <MultiSelectField<LocationFormInput, 'metadata.access_restrictions'>
          name="metadata.access_restrictions"
          label="Access restrictions"
          options={accessRestrictions.options}
          className="sm:col-span-2"
        />
        <TextField<LocationFormInput, 'metadata.notes'> name="metadata.notes" label="Notes" className="sm:col-span-2" />
      </fieldset>

      <div className="flex gap-3">
        <SubmitButton>{location ? 'Save changes' : 'Create location'}</SubmitButton>
        <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
