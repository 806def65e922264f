import { useCallback, useMemo, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, FileField, FormActions, MultiSelectField, NumberField, SelectField, SwitchField, TextField, useRecordSave, useStoreFiles, useZodForm, useRecordToasts } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
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
  type VehicleFormOutput,
  type VehicleWrite,
} from '../schema';
import { vehicleMessages } from '../messages';
import { translateVehicleMessage, vehicleOptions } from '../words';

/** The spec's save, load and upload toasts in the page's language. */
function useVehicleToasts() {
  const t = useT(vehicleMessages);
  const record = useRecordToasts(vehicleMessages);
  return useMemo(() => ({ ...record, uploaded: t('toast.uploaded'), uploadFailed: t('toast.uploadFailed') }), [record, t]);
}

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
    <RecordFormPage<Vehicle> mode={mode} scope={tenantId} load={(id) => getVehicle(tenantId, id)} listPath={LIST_PATH} words={vehicleMessages}>
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
  const t = useT(vehicleMessages);
  const toasts = useVehicleToasts();
  const translate = useCallback((message: string) => translateVehicleMessage(t, message), [t]);
  const options = useMemo(() => vehicleOptions(t), [t]);
  const imageMessages = useMemo(() => ({ type: t('image.type'), size: t('image.size'), count: t('image.count') }), [t]);
  const form = useZodForm(
    VehicleFormSchema,
    { defaultValues: vehicle ? { ...toFormValues(vehicle), image_url: publicFileUrl(vehicle.image_url) } : emptyVehicleForm() },
    translate,
  );
  const storeImage = useStoreFiles(form, 'image_url', (file) => uploadVehicleImage(tenantId, file), toasts);
  const save = useRecordSave<Vehicle, VehicleWrite>({
    record: vehicle,
    create: (write) => createVehicle(tenantId, write),
    update: (current, write) => updateVehicle(tenantId, current.id, write),
    messages: toasts,
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
    <Form form={form} onSubmit={onSubmit} onServerError={save.onServerError} className="max-w-3xl space-y-5" aria-label={editing ? t('form.edit') : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<VehicleFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<VehicleFormInput, 'code'> name="code" label={t('field.code')} required />
      </div>
      <TextField<VehicleFormInput, 'description'> name="description" label={t('field.description')} required />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<VehicleFormInput, 'capacity_unit'> name="capacity_unit" label={t('field.capacity')} required min={1} step="any" />
        <SelectField<VehicleFormInput, 'vehicle_requirements.fuel_type'>
          name="vehicle_requirements.fuel_type"
          label={t('field.fuel')}
          required
          options={options.fuel}
        />
      </div>
      <MultiSelectField<VehicleFormInput, 'vehicle_requirements.license_requirements'>
        name="vehicle_requirements.license_requirements"
        label={t('field.license')}
        required
        options={options.license}
      />
      <MultiSelectField<VehicleFormInput, 'vehicle_requirements.special_features'>
        name="vehicle_requirements.special_features"
        label={t('field.features')}
        options={options.features}
      />
      <FileField<VehicleFormInput, 'image_url'>
        name="image_url"
        label={t('field.image')}
        accept={IMAGE_EXTENSIONS}
        maxBytes={IMAGE_MAX_BYTES}
        messages={imageMessages}
        help={t('field.imageHelp')}
      />
      <SwitchField<VehicleFormInput, 'active'> name="active" label={t('field.active')} />
      <FormActions submitLabel={editing ? t('form.save') : t('form.create')} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function VehicleCreatePage() {
  return <VehicleFormPage mode="create" />;
}

export function VehicleEditPage({ history }: { history?: (vehicleId: string) => ReactNode }) {
  return <VehicleFormPage mode="edit" history={history} />;
}
