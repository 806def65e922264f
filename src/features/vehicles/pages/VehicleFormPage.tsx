import type { ReactNode } from 'react';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, FileField, FormActions, MultiSelectField, NumberField, SelectField, SwitchField, TextField, useRecordSave, useStoreFiles, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { createVehicle, getVehicle, updateVehicle, uploadVehicleImage } from '../api';
import { publicFileUrl } from '../../../lib/storage-url';
import {
  emptyVehicleForm,
  FEATURE_OPTIONS,
  FUEL_OPTIONS,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  LICENSE_OPTIONS,
  toFormValues,
  VehicleFormSchema,
  type Vehicle,
  type VehicleFormInput,
  type VehicleFormOutput,
  type VehicleWrite,
} from '../schema';

export const VEHICLE_TOASTS = {
  created: 'Vehicle created successfully',
  updated: 'Vehicle updated successfully',
  createFailed: 'Failed to create vehicle',
  updateFailed: 'Failed to update vehicle',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
  fetchFailed: 'Failed to fetch vehicle data',
  uploaded: 'File uploaded successfully',
  uploadFailed: 'Error uploading file',
  notFound: 'Vehicle not found',
} as const;

/** The list, from an edit or create page (the admin area's router is the base). */
const LIST_PATH = adminPaths.vehicles();

/**
 * Create (no id in the route) or edit (`vehicles/:id/edit`). `history` renders below the form of a
 * loaded vehicle: the app fills it with the record's audit history (features do not import each other).
 */
export function VehicleFormPage({ mode, history }: { mode: 'create' | 'edit'; history?: (vehicleId: string) => ReactNode }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  return (
    <RecordFormPage<Vehicle>
      mode={mode}
      scope={tenantId}
      load={(id) => getVehicle(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Vehicles"
      titles={{ create: 'Create vehicle', edit: 'Edit vehicle' }}
      messages={VEHICLE_TOASTS}
      loadingLabel="Loading vehicle"
    >
      {(vehicle) => (
        <>
          <VehicleForm tenantId={tenantId} vehicle={vehicle} />
          {vehicle && history && <div className="max-w-3xl pt-6">{history(vehicle.id)}</div>}
        </>
      )}
    </RecordFormPage>
  );
}

function VehicleForm({ tenantId, vehicle }: { tenantId: string; vehicle: Vehicle | null }) {
  const editing = vehicle !== null;
  const form = useZodForm(VehicleFormSchema, {
    defaultValues: vehicle ? { ...toFormValues(vehicle), image_url: publicFileUrl(vehicle.image_url) } : emptyVehicleForm(),
  });
  const storeImage = useStoreFiles(form, 'image_url', (file) => uploadVehicleImage(tenantId, file), VEHICLE_TOASTS);
  const save = useRecordSave<Vehicle, VehicleWrite>({
    record: vehicle,
    create: (write) => createVehicle(tenantId, write),
    update: (current, write) => updateVehicle(tenantId, current.id, write),
    messages: VEHICLE_TOASTS,
    then: LIST_PATH,
  });

  async function onSubmit(values: VehicleFormOutput) {
    const stored = await storeImage(values.image_url ? [values.image_url] : []);
    if (!stored) return;
    const imageUrl = stored[0] ?? null;
    const write = {
      name: values.name,
      code: values.code,
      description: values.description,
      image_url: imageUrl,
      capacity_unit: values.capacity_unit,
      vehicle_requirements: values.vehicle_requirements,
      active: values.active,
    };
    await save.onSubmit(write);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={save.onServerError} className="max-w-3xl space-y-5" aria-label={editing ? 'Edit vehicle' : 'Create vehicle'}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<VehicleFormInput, 'name'> name="name" label="Name" required />
        <TextField<VehicleFormInput, 'code'> name="code" label="Code" required />
      </div>
      <TextField<VehicleFormInput, 'description'> name="description" label="Description" required />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<VehicleFormInput, 'capacity_unit'> name="capacity_unit" label="Capacity unit" required min={1} step="any" />
        <SelectField<VehicleFormInput, 'vehicle_requirements.fuel_type'>
          name="vehicle_requirements.fuel_type"
          label="Fuel type"
          required
          options={FUEL_OPTIONS}
        />
      </div>
      <MultiSelectField<VehicleFormInput, 'vehicle_requirements.license_requirements'>
        name="vehicle_requirements.license_requirements"
        label="License requirements"
        required
        options={LICENSE_OPTIONS}
      />
      <MultiSelectField<VehicleFormInput, 'vehicle_requirements.special_features'>
        name="vehicle_requirements.special_features"
        label="Special features"
        options={FEATURE_OPTIONS}
      />
      <FileField<VehicleFormInput, 'image_url'>
        name="image_url"
        label="Image"
        accept={IMAGE_EXTENSIONS}
        maxBytes={IMAGE_MAX_BYTES}
        messages={IMAGE_MESSAGES}
        help="jpeg, jpg, png or gif, up to 3 MB"
      />
      <SwitchField<VehicleFormInput, 'active'> name="active" label="Active" />
      <FormActions submitLabel={editing ? 'Save changes' : 'Create vehicle'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function VehicleCreatePage() {
  return <VehicleFormPage mode="create" />;
}

export function VehicleEditPage({ history }: { history?: (vehicleId: string) => ReactNode }) {
  return <VehicleFormPage mode="edit" history={history} />;
}
