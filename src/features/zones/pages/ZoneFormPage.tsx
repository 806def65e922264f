import { adminPaths } from '../../../lib/paths';
import { mapsToken } from '../../../lib/geocoding';
import { useSession } from '../../../lib/session';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, FormActions, SwitchField, TextField, useRecordSave, useZodForm } from '../../../ui/form';
import { PolygonField } from '../../../ui/map';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { createZone, getZone, updateZone } from '../api';
import { emptyZoneForm, toZoneFormValues, ZONE_COLORS, ZoneFormSchema, type Zone, type ZoneFormInput, type ZoneFormOutput } from '../schema';

export const ZONE_TOASTS = {
  created: 'Zone created successfully',
  updated: 'Zone updated successfully',
  createFailed: 'Failed to create zone',
  updateFailed: 'Failed to update zone',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
  fetchFailed: 'Failed to fetch zone',
  notFound: 'Zone not found',
} as const;

const LIST_PATH = adminPaths.zones();

export function ZoneFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  return (
    <RecordFormPage<Zone>
      mode={mode}
      scope={tenantId}
      load={(id) => getZone(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Zones"
      titles={{ create: 'Create zone', edit: 'Edit zone' }}
      messages={ZONE_TOASTS}
      loadingLabel="Loading zone"
      skeletons={['h-10 w-full', 'h-10 w-full', 'h-96 w-full']}
    >
      {(zone) => <ZoneForm tenantId={tenantId} zone={zone} />}
    </RecordFormPage>
  );
}

function ZoneForm({ tenantId, zone }: { tenantId: string; zone: Zone | null }) {
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  const form = useZodForm(ZoneFormSchema, { defaultValues: zone ? toZoneFormValues(zone) : emptyZoneForm() });
  const color = form.watch('color');
  const { onSubmit, onServerError } = useRecordSave<Zone, ZoneFormOutput>({
    record: zone,
    create: (values) => createZone(tenantId, values),
    update: (current, values) => updateZone(tenantId, current.id, values),
    messages: ZONE_TOASTS,
    then: LIST_PATH,
  });

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-5" aria-label={zone ? 'Edit zone' : 'Create zone'}>
      <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
        <TextField<ZoneFormInput, 'name'> name="name" label="Name" required />
        <TextField<ZoneFormInput, 'code'> name="code" label="Code" required help="Letters, digits, - and _; unique in your business" />
      </div>
      <div className="max-w-3xl">
        <TextField<ZoneFormInput, 'description'> name="description" label="Description" />
      </div>
      <fieldset className="max-w-3xl">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Colour</legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {ZONE_COLORS.map((option) => (
            <label key={option} className="cursor-pointer">
              <input
                type="radio"
                className="peer sr-only"
                name="color-swatch"
                value={option}
                checked={color === option}
                onChange={() => form.setValue('color', option, { shouldDirty: true, shouldValidate: true })}
                aria-label={`Colour ${option}`}
              />
              <span
                className="block size-7 rounded-full ring-2 ring-transparent ring-offset-2 peer-checked:ring-slate-900 peer-focus-visible:ring-slate-500 dark:ring-offset-slate-900 dark:peer-checked:ring-white"
                style={{ backgroundColor: option }}
              />
            </label>
          ))}
          <TextField<ZoneFormInput, 'color'> name="color" label="Hex colour" className="w-36" />
        </div>
      </fieldset>
      <PolygonField<ZoneFormInput, 'polygon'>
        name="polygon"
        label="Area"
        required
        color={/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#2563eb'}
        defaultCenter={tenantSettings?.mapCentre}
        mapboxToken={mapsToken(tenantSettings?.mapsKey)}
        help="Click the map to add points, click the first point to close the outline; drag points to move them, click a handle on an edge to add one, right-click or Delete to remove one."
      />
      <SwitchField<ZoneFormInput, 'active'> name="active" label="Active" help="Only active zones are matched by quotes and deliveries" />
      <FormActions submitLabel={zone ? 'Save changes' : 'Create zone'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function ZoneCreatePage() {
  return <ZoneFormPage mode="create" />;
}

export function ZoneEditPage() {
  return <ZoneFormPage mode="edit" />;
}
