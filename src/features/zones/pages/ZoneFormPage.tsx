import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { mapsToken } from '../../../lib/geocoding';
import { useSession } from '../../../lib/session';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { Form, SubmitButton, SwitchField, TextField, useZodForm } from '../../../ui/form';
import { PolygonField } from '../../../ui/map';
import { NotFoundState } from '../../../ui/NotFoundState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
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

const LIST_PATH = '/zones';

type Load = { status: 'loading' } | { status: 'ready'; zone: Zone | null } | { status: 'missing' } | { status: 'failed' };

export function ZoneFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const [, navigate] = useLocation();
  const [load, setLoad] = useState<Load>(() => (mode === 'create' ? { status: 'ready', zone: null } : { status: 'loading' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (mode !== 'edit' || !id || !tenantId) return;
    let cancelled = false;
    getZone(tenantId, id).then(
      (zone) => {
        if (!cancelled) setLoad(zone ? { status: 'ready', zone } : { status: 'missing' });
      },
      () => {
        if (cancelled) return;
        toast.error(ZONE_TOASTS.fetchFailed);
        setLoad({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
    // toast is stable for the provider's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, id, tenantId, attempt]);

  const header = (
    <PageHeader
      title={mode === 'create' ? 'Create zone' : 'Edit zone'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Zones', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );

  if (load.status === 'missing' || (mode === 'edit' && !id)) {
    return (
      <div className="space-y-4">
        {header}
        <NotFoundState title={ZONE_TOASTS.notFound} backTo={LIST_PATH} />
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="space-y-4">
        {header}
        <ErrorState
          title={ZONE_TOASTS.fetchFailed}
          onRetry={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
            Go back
          </Button>
        </ErrorState>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {header}
      {load.status === 'loading' ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading zone">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : (
        <ZoneForm key={load.zone?.id ?? 'new'} tenantId={tenantId} zone={load.zone} />
      )}
    </div>
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
    if (result.applied.length > 0) {
      toast.error(ZONE_TOASTS.validation);
      if (result.unmatched) toast.error(result.unmatched);
      return;
    }
    const fromServer = typeof error === 'object' && error !== null && 'code' in error;
    if (fromServer) toast.error(zone ? ZONE_TOASTS.updateFailed : ZONE_TOASTS.createFailed);
    else toast.error(ZONE_TOASTS.unknown);
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
