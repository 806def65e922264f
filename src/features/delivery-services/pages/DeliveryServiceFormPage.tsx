import { useLocation, useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, MultiSelectField, NumberField, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { createDeliveryService, getDeliveryService, updateDeliveryService } from '../api';
import {
  DeliveryServiceFormSchema,
  emptyServiceForm,
  FEATURE_OPTIONS,
  KIND_OPTIONS,
  toServiceFormValues,
  type DeliveryService,
  type DeliveryServiceFormInput,
  type DeliveryServiceFormOutput,
} from '../schema';

export const SERVICE_TOASTS = {
  created: 'Delivery service created successfully',
  updated: 'Delivery service updated successfully',
  createFailed: 'Failed to create delivery service',
  updateFailed: 'Failed to update delivery service',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
  fetchFailed: 'Failed to fetch delivery service',
  notFound: 'Delivery service not found',
} as const;

const LIST_PATH = adminPaths.deliveryServices();

export function DeliveryServiceFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const { state, retry } = useRecordLoad<DeliveryService | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, () => getDeliveryService(tenantId, id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(SERVICE_TOASTS.fetchFailed),
  });

  const header = (
    <PageHeader
      title={mode === 'create' ? 'Create delivery service' : 'Edit delivery service'}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Delivery services', href: LIST_PATH }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      missing={mode === 'edit' && !id}
      notFoundTitle={SERVICE_TOASTS.notFound}
      failedTitle={SERVICE_TOASTS.fetchFailed}
      loadingLabel="Loading delivery service"
    >
      {(service) => <DeliveryServiceForm key={service?.id ?? 'new'} tenantId={tenantId} service={service} />}
    </RecordStates>
  );
}

function DeliveryServiceForm({ tenantId, service }: { tenantId: string; service: DeliveryService | null }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useZodForm(DeliveryServiceFormSchema, { defaultValues: service ? toServiceFormValues(service) : emptyServiceForm() });

  async function onSubmit(values: DeliveryServiceFormOutput) {
    if (service) {
      await updateDeliveryService(tenantId, service.id, values);
      toast.success(SERVICE_TOASTS.updated);
    } else {
      await createDeliveryService(tenantId, values);
      toast.success(SERVICE_TOASTS.created);
    }
    navigate(LIST_PATH);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = service ? SERVICE_TOASTS.updateFailed : SERVICE_TOASTS.createFailed;
    for (const text of saveFailureToasts(error, result, { validation: SERVICE_TOASTS.validation, failed, unknown: SERVICE_TOASTS.unknown })) toast.error(text);
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onServerError={onServerError}
      className="max-w-3xl space-y-5"
      aria-label={service ? 'Edit delivery service' : 'Create delivery service'}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<DeliveryServiceFormInput, 'name'> name="name" label="Name" required />
        <TextField<DeliveryServiceFormInput, 'code'> name="code" label="Code" required help="Letters, digits, - and _; unique in your business" />
      </div>
      <TextField<DeliveryServiceFormInput, 'description'> name="description" label="Description" />
      <SelectField<DeliveryServiceFormInput, 'kind'> name="kind" label="Kind" required options={KIND_OPTIONS} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<DeliveryServiceFormInput, 'min_transit_hours'> name="min_transit_hours" label="Min transit hours" required min={0} max={720} step="any" unit="h" />
        <NumberField<DeliveryServiceFormInput, 'max_transit_hours'> name="max_transit_hours" label="Max transit hours" required min={0} max={720} step="any" unit="h" />
      </div>
      <MultiSelectField<DeliveryServiceFormInput, 'required_vehicle_features'>
        name="required_vehicle_features"
        label="Vehicle features required"
        options={FEATURE_OPTIONS}
        help="Only vehicles with every one of these can carry the service's deliveries"
      />
      <SwitchField<DeliveryServiceFormInput, 'active'> name="active" label="Active" />
      <div className="flex gap-3">
        <SubmitButton>{service ? 'Save changes' : 'Create service'}</SubmitButton>
        <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(LIST_PATH)}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function DeliveryServiceCreatePage() {
  return <DeliveryServiceFormPage mode="create" />;
}

export function DeliveryServiceEditPage() {
  return <DeliveryServiceFormPage mode="edit" />;
}
