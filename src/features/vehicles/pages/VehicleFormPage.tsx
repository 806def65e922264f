import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, FileField, MultiSelectField, NumberField, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { createVehicle, getVehicle, updateVehicle, uploadVehicleImage, vehicleImageUrl } from '../api';
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
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const { state, retry } = useRecordLoad<Vehicle | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, () => getVehicle(tenantId, id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(VEHICLE_TOASTS.fetchFailed),
  });

  const title = mode === 'create' ? 'Create vehicle' : 'Edit vehicle';
  const header = (
    <PageHeader
      title={title}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Vehicles', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      missing={mode === 'edit' && !id}
      notFoundTitle={VEHICLE_TOASTS.notFound}
      failedTitle={VEHICLE_TOASTS.fetchFailed}
      loadingLabel="Loading vehicle"
    >
      {(vehicle) => (
        <>
          <VehicleForm key={vehicle?.id ?? 'new'} tenantId={tenantId} vehicle={vehicle} />
          {vehicle && history && <div className="max-w-3xl pt-6">{history(vehicle.id)}</div>}
        </>
      )}
    </RecordStates>
  );
}

function VehicleForm({ tenantId, vehicle }: { tenantId: string; vehicle: Vehicle | null }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const editing = vehicle !== null;
  const form = useZodForm(VehicleFormSchema, {
    defaultValues: vehicle ? { ...toFormValues(vehicle), image_url: vehicleImageUrl(vehicle.image_url) } : emptyVehicleForm(),
  });

  async function onSubmit(values: VehicleFormOutput) {
    let imageUrl: string | null = typeof values.image_url === 'string' ? values.image_url : null;
    if (values.image_url instanceof File) {
      try {
        const uploaded = await uploadVehicleImage(tenantId, values.image_url);
        imageUrl = uploaded.publicUrl;
        toast.success(VEHICLE_TOASTS.uploaded);
      } catch (error) {
        toast.error(VEHICLE_TOASTS.uploadFailed);
        form.setError('image_url', { type: 'server', message: error instanceof Error ? error.message : VEHICLE_TOASTS.uploadFailed });
        return;
      }
    }
    const write = {
      name: values.name,
      code: values.code,
      description: values.description,
      image_url: imageUrl,
      capacity_unit: values.capacity_unit,
      vehicle_requirements: values.vehicle_requirements,
      active: values.active,
    };
    if (vehicle) {
      await updateVehicle(tenantId, vehicle.id, write);
      toast.success(VEHICLE_TOASTS.updated);
    } else {
      await createVehicle(tenantId, write);
      toast.success(VEHICLE_TOASTS.created);
    }
    navigate(LIST_PATH);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = editing ? VEHICLE_TOASTS.updateFailed : VEHICLE_TOASTS.createFailed;
    for (const text of saveFailureToasts(error, result, { validation: VEHICLE_TOASTS.validation, failed, unknown: VEHICLE_TOASTS.unknown })) toast.error(text);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-5" aria-label={editing ? 'Edit vehicle' : 'Create vehicle'}>
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
      <div className="flex gap-3">
        <SubmitButton>{editing ? 'Save changes' : 'Create vehicle'}</SubmitButton>
        <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function VehicleCreatePage() {
  return <VehicleFormPage mode="create" />;
}

export function VehicleEditPage({ history }: { history?: (vehicleId: string) => ReactNode }) {
  return <VehicleFormPage mode="edit" history={history} />;
}
