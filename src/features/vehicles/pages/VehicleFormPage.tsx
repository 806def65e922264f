import { useMemo, type ReactNode } from 'react';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Form, FileField, FormActions, MultiSelectField, NumberField, SelectField, SwitchField, TextField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { modePages, RecordFormPage } from '../../../ui/RecordFormPage';
import { createVehicle, getVehicle, updateVehicle, uploadVehicleImage } from '../api';
import { publicFileUrl } from '../../../lib/storage-url';
import {
  emptyVehicleForm,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  toFormValues,
  VehicleFormSchema,
  type Vehicle,
  type VehicleFormInput,
  type VehicleWrite,
} from '../schema';
import { vehicleMessages } from '../messages';
import { translateVehicleMessage, vehicleOptions } from '../words';

/** The image is uploaded first (its own toasts), then the vehicle saved with the image's URL. */
const vehicleForm = defineRecordForm({
  words: vehicleMessages,
  schema: VehicleFormSchema,
  translate: translateVehicleMessage,
  values: (vehicle: Vehicle) => ({ ...toFormValues(vehicle), image_url: publicFileUrl(vehicle.image_url) }),
  empty: emptyVehicleForm,
  files: { field: 'image_url', upload: uploadVehicleImage, uploaded: 'toast.uploaded', uploadFailed: 'toast.uploadFailed' },
  toWrite: (values, [imageUrl]): VehicleWrite => ({
    name: values.name,
    code: values.code,
    description: values.description,
    image_url: imageUrl ?? null,
    capacity_unit: values.capacity_unit,
    vehicle_requirements: values.vehicle_requirements,
    active: values.active,
  }),
  create: createVehicle,
  update: updateVehicle,
});

/**
 * Create (no id in the route) or edit (`vehicles/:id/edit`). `history` renders below the form of a
 * loaded vehicle: the app fills it with the record's audit history (features do not import each other).
 */
export function VehicleFormPage({ mode, history }: { mode: 'create' | 'edit'; history?: (vehicleId: string) => ReactNode }) {
  const tenantId = useTenantId() ?? '';
  return (
    <RecordFormPage<Vehicle> mode={mode} scope={tenantId} load={(id) => getVehicle(tenantId, id)} listPath={adminPaths.vehicles()} words={vehicleMessages}>
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
  const { t, editing, formProps, field } = useRecordForm(vehicleForm, tenantId, vehicle);
  const options = useMemo(() => vehicleOptions(t), [t]);
  const imageMessages = useMemo(() => ({ type: t('image.type'), size: t('image.size'), count: t('image.count') }), [t]);

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={editing ? t('form.edit') : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<VehicleFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<VehicleFormInput, 'code'> name="code" label={t('field.code')} required />
      </div>
      <TextField<VehicleFormInput, 'description'> name="description" label={t('field.description')} required />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<VehicleFormInput, 'capacity_unit'> name="capacity_unit" label={t('field.capacity')} required min={1} step="any" />
        <SelectField {...field('vehicle_requirements.fuel_type')} label={t('field.fuel')} required options={options.fuel} />
      </div>
      <MultiSelectField {...field('vehicle_requirements.license_requirements')} label={t('field.license')} required options={options.license} />
      <MultiSelectField {...field('vehicle_requirements.special_features')} label={t('field.features')} options={options.features} />
      <FileField {...field('image_url')} label={t('field.image')} accept={IMAGE_EXTENSIONS} maxBytes={IMAGE_MAX_BYTES} messages={imageMessages} help={t('field.imageHelp')} />
      <SwitchField<VehicleFormInput, 'active'> name="active" label={t('field.active')} />
      <FormActions submitLabel={editing ? t('form.save') : t('form.create')} />
    </Form>
  );
}

export const { create: VehicleCreatePage, edit: VehicleEditPage } = modePages(VehicleFormPage);
