import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Form, FormActions, MultiSelectField, NumberField, SelectField, SwitchField, TextField, useRecordSave, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
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
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  return (
    <RecordFormPage<DeliveryService>
      mode={mode}
      scope={tenantId}
      load={(id) => getDeliveryService(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Delivery services"
      titles={{ create: 'Create delivery service', edit: 'Edit delivery service' }}
      messages={SERVICE_TOASTS}
      loadingLabel="Loading delivery service"
    >
      {(service) => <DeliveryServiceForm tenantId={tenantId} service={service} />}
    </RecordFormPage>
  );
}

function DeliveryServiceForm({ tenantId, service }: { tenantId: string; service: DeliveryService | null }) {
  const form = useZodForm(DeliveryServiceFormSchema, { defaultValues: service ? toServiceFormValues(service) : emptyServiceForm() });

  const { onSubmit, onServerError } = useRecordSave<DeliveryService, DeliveryServiceFormOutput>({
    record: service,
    create: (values) => createDeliveryService(tenantId, values),
    update: (current, values) => updateDeliveryService(tenantId, current.id, values),
    messages: SERVICE_TOASTS,
    then: LIST_PATH,
  });

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
      <FormActions submitLabel={service ? 'Save changes' : 'Create service'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function DeliveryServiceCreatePage() {
  return <DeliveryServiceFormPage mode="create" />;
}

export function DeliveryServiceEditPage() {
  return <DeliveryServiceFormPage mode="edit" />;
}
