import { useLocation, useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { mapsToken } from '../../../lib/geocoding';
import { useSession } from '../../../lib/session';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, SubmitButton, SwitchField, TextField, useZodForm } from '../../../ui/form';
import { PolygonField } from '../../../ui/map';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
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
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const { state, retry } = useRecordLoad<Zone | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, () => getZone(tenantId, id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(ZONE_TOASTS.fetchFailed),
  });

  const header = (
    <PageHeader
      title={mode === 'create' ? 'Create zone' : 'Edit zone'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Zones', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      missing={mode === 'edit' && !id}
      notFoundTitle={ZONE_TOASTS.notFound}
      failedTitle={ZONE_TOASTS.fetchFailed}
      loadingLabel="Loading zone"
      skeletons={['h-10 w-full', 'h-10 w-full', 'h-96 w-full']}
    >
      {(zone) => <ZoneForm key={zone?.id ?? 'new'} tenantId={tenantId} zone={zone} />}
    </RecordStates>
  );
}

function ZoneForm({ tenantId, zone }: { tenantId: string; zone: Zone | null }) {
  const [, navigate] = useLocation();
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  const toast = useToast();
  const form = useZodForm(ZoneFormSchema, { defaultValues: zone ? toZoneFormValues(zone) : emptyZoneForm() });
  const color = form.watch('color');

  async function onSubmit(values: ZoneFormOutput) {
    if (zone) {
      await updateZone(tenantId, zone.id, values);
      toast.success(ZONE_TOASTS.updated);
    } else {
      await createZone(tenantId, values);
      toast.success(ZONE_TOASTS.created);
    }
    navigate(LIST_PATH);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = zone ? ZONE_TOASTS.updateFailed : ZONE_TOASTS.createFailed;
    for (const text of saveFailureToasts(error, result, { validation: ZONE_TOASTS.validation, failed, unknown: ZONE_TOASTS.unknown })) toast.error(text);
  }

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
      <div className="flex gap-3">
        <SubmitButton>{zone ? 'Save changes' : 'Create zone'}</SubmitButton>
        <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function ZoneCreatePage() {
  return <ZoneFormPage mode="create" />;
}

export function ZoneEditPage() {
  return <ZoneFormPage mode="edit" />;
}
