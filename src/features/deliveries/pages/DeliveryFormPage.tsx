import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import {
  ArrayField,
  CheckboxField,
  ComboboxField,
  DateTimeField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
} from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { serviceLookup } from '../../../data/delivery-services';
import { lookupCustomers, personName } from '../../../data/people';
import { addressLabel, createDelivery, getDelivery, lookupDeliveryAddresses, updateDelivery } from '../api';
import { PreferenceHint } from '../components/PreferenceHint';
import { QuotePreview } from '../components/QuotePreview';
import { toFormFieldErrors } from '../errors';
import { ADMIN_DELIVERY_PATHS, inScope, type DeliveryPaths, type DeliveryScope } from '../paths';
import {
  DELIVERY_TOASTS,
  deliveryFormSchema,
  EDITABLE_STATUSES,
  emptyDeliveryForm,
  KIND_OPTIONS,
  kindLabel,
  newPackage,
  PRIORITY_OPTIONS,
  statusLabel,
  toDeliveryForm,
  toDeliveryWrite,
  type Delivery,
  type DeliveryKind,
  type DeliveryFormInput,
  type DeliveryFormValues,
} from '../schema';

/** The app's address dialog (features/addresses), composed in by src/app: a new address for the customer or the business. */
export interface NewAddressDialogProps {
  open: boolean;
  onClose: () => void;
  tenantId: string;
  /** The customer whose book gets the address; null: the business's own addresses. */
  userId: string | null;
  onSaved: (address: { id: string }) => void;
}
export type NewAddressDialog = (props: NewAddressDialogProps) => ReactNode;

interface FormPageProps extends DeliveryScope {
  addressDialog?: NewAddressDialog;
}

/** Create or edit a delivery; with a `kind` (a dispatcher's order section) the kind is fixed and a delivery of another kind is not found. */
export function DeliveryFormPage({ mode, addressDialog, kind, paths = ADMIN_DELIVERY_PATHS }: FormPageProps & { mode: 'create' | 'edit' }) {
  const { id } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const load = async () => {
    const delivery = await getDelivery(tenantId, id ?? '');
    return delivery && inScope({ kind }, delivery.kind) ? delivery : null;
  };
  const { state, retry } = useRecordLoad<Delivery | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, load, {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(DELIVERY_TOASTS.fetchFailed),
  });
  const loaded = state.status === 'ready' ? state.record : null;

  const header = (
    <PageHeader
      title={mode === 'create' ? 'Create delivery' : `Edit delivery${loaded ? ` ${loaded.delivery_code}` : ''}`}
      breadcrumbs={[
        { label: 'Dashboard', href: '/' },
        { label: paths.listLabel, href: paths.list },
        ...(loaded ? [{ label: loaded.delivery_code, href: paths.detail(loaded.id) }] : []),
        { label: mode === 'create' ? 'Create' : 'Edit' },
      ]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={paths.list}
      backLabel={`Back to ${paths.listLabel.toLowerCase()}`}
      missing={mode === 'edit' && !id}
      notFoundTitle={DELIVERY_TOASTS.notFound}
      failedTitle={DELIVERY_TOASTS.fetchFailed}
      loadingLabel="Loading delivery"
    >
      {(delivery) => <DeliveryForm key={delivery?.id ?? 'new'} tenantId={tenantId} delivery={delivery} addressDialog={addressDialog} kind={kind} paths={paths} />}
    </RecordStates>
  );
}

function DeliveryForm({
  tenantId,
  delivery,
  addressDialog,
  kind,
  paths,
}: {
  tenantId: string;
  delivery: Delivery | null;
  addressDialog?: NewAddressDialog;
  kind?: DeliveryKind;
  paths: DeliveryPaths;
}) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const editing = delivery !== null;
  const locked = delivery !== null && !EDITABLE_STATUSES.includes(delivery.status);
  const form = useZodForm(deliveryFormSchema, { defaultValues: delivery ? toDeliveryForm(delivery) : { ...emptyDeliveryForm(), ...(kind ? { kind } : {}) } });
  const [customerId, overriding] = useWatch({ control: form.control, name: ['customer_id', 'override_price'] });
  const [adding, setAdding] = useState<null | { target: 'pickup_address_id' | 'dropoff_address_id'; userId: string | null }>(null);

  async function onSubmit(values: DeliveryFormValues) {
    const write = toDeliveryWrite(values);
    try {
      if (delivery) {
        await updateDelivery(tenantId, delivery.id, write);
        toast.success(DELIVERY_TOASTS.updated);
        navigate(paths.detail(delivery.id));
      } else {
        const id = await createDelivery(tenantId, write);
        toast.success(DELIVERY_TOASTS.created);
        navigate(paths.detail(id));
      }
    } catch (error) {
      throw toFormFieldErrors(error);
    }
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = editing ? DELIVERY_TOASTS.updateFailed : DELIVERY_TOASTS.createFailed;
    for (const text of saveFailureToasts(error, result, { validation: DELIVERY_TOASTS.validation, failed, unknown: DELIVERY_TOASTS.unknown })) toast.error(text);
  }

  const searchAddresses = (term: string, signal: AbortSignal, limit: number) => lookupDeliveryAddresses(tenantId, customerId || null, term, limit, signal);
  const addressButtons = (target: 'pickup_address_id' | 'dropoff_address_id') =>
    addressDialog && (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!customerId} onClick={() => setAdding({ target, userId: customerId || null })}>
          New customer address
        </Button>
        <Button variant="secondary" onClick={() => setAdding({ target, userId: null })}>
          New business address
        </Button>
      </div>
    );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={editing ? 'Edit delivery' : 'Create delivery'}>
        {locked && delivery && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            This delivery is {statusLabel(delivery.status).toLowerCase()}: it can no longer be edited.{' '}
            <Link href={paths.detail(delivery.id)} className="font-medium underline">
              Back to the delivery
            </Link>
          </p>
        )}
        <fieldset disabled={locked} className="space-y-6">
          <div className="grid gap-5 sm:grid-cols-2">
            {kind ? (
              <div>
                <span className="block text-sm font-medium">Kind</span>
                <p className="mt-2 text-sm" data-testid="fixed-kind">
                  {kindLabel(kind)}
                </p>
              </div>
            ) : (
              <SelectField<DeliveryFormInput, 'kind'> name="kind" label="Kind" required options={KIND_OPTIONS} />
            )}
            <ComboboxField<DeliveryFormInput, 'customer_id'>
              name="customer_id"
              label="Customer"
              required
              search={(term, signal, limit) => lookupCustomers(tenantId, term, limit, signal)}
              resolveLabel={(value) => personName(tenantId, value)}
            />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <ComboboxField<DeliveryFormInput, 'pickup_address_id'>
                name="pickup_address_id"
                label="Pickup address"
                required
                help="The customer's address book or the business's own addresses"
                search={searchAddresses}
                resolveLabel={(value) => addressLabel(tenantId, value)}
              />
              {!locked && addressButtons('pickup_address_id')}
            </div>
            <div className="space-y-2">
              <ComboboxField<DeliveryFormInput, 'dropoff_address_id'>
                name="dropoff_address_id"
                label="Drop-off address"
                required
                search={searchAddresses}
                resolveLabel={(value) => addressLabel(tenantId, value)}
              />
              {!locked && addressButtons('dropoff_address_id')}
            </div>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <DateTimeField<DeliveryFormInput, 'pickup_window_start'> name="pickup_window_start" label="Pickup from" />
            <DateTimeField<DeliveryFormInput, 'pickup_window_end'> name="pickup_window_end" label="Pickup until" />
            <DateTimeField<DeliveryFormInput, 'dropoff_window_start'> name="dropoff_window_start" label="Drop-off from" />
            <DateTimeField<DeliveryFormInput, 'dropoff_window_end'> name="dropoff_window_end" label="Drop-off until" />
          </div>
          {!locked && <PreferenceHint form={form} />}

          <ArrayField<DeliveryFormInput, 'packages'> name="packages" label="Packages" required min={1} max={50} newRow={newPackage} addLabel="Add package" removeLabel="Remove package">
            {(index) => (
              <>
                <TextField<DeliveryFormInput, `packages.${number}.description`> name={`packages.${index}.description`} label="Description" required />
                <div className="grid grid-cols-2 gap-3">
                  <NumberField<DeliveryFormInput, `packages.${number}.quantity`> name={`packages.${index}.quantity`} label="Quantity" required min={1} step={1} />
                  <NumberField<DeliveryFormInput, `packages.${number}.weight_kg`> name={`packages.${index}.weight_kg`} label="Weight" unit="kg" required min={0} step="any" />
                </div>
                <div className="grid grid-cols-3 gap-3 sm:col-span-2">
                  <NumberField<DeliveryFormInput, `packages.${number}.length_cm`> name={`packages.${index}.length_cm`} label="Length" unit="cm" min={0} step="any" />
                  <NumberField<DeliveryFormInput, `packages.${number}.width_cm`> name={`packages.${index}.width_cm`} label="Width" unit="cm" min={0} step="any" />
                  <NumberField<DeliveryFormInput, `packages.${number}.height_cm`> name={`packages.${index}.height_cm`} label="Height" unit="cm" min={0} step="any" />
                </div>
                <div className="flex flex-wrap gap-6 sm:col-span-2">
                  <CheckboxField<DeliveryFormInput, `packages.${number}.fragile`> name={`packages.${index}.fragile`} label="Fragile" />
                  <CheckboxField<DeliveryFormInput, `packages.${number}.temperature_sensitive`> name={`packages.${index}.temperature_sensitive`} label="Temperature sensitive" />
                </div>
              </>
            )}
          </ArrayField>

          <div className="grid gap-5 sm:grid-cols-2">
            <ComboboxField<DeliveryFormInput, 'service_id'>
              name="service_id"
              label="Service"
              required
              {...serviceLookup(tenantId)}
            />
            <SelectField<DeliveryFormInput, 'priority'> name="priority" label="Priority" required options={PRIORITY_OPTIONS} />
            <NumberField<DeliveryFormInput, 'cod_amount'> name="cod_amount" label="Cash on delivery" min={0} step="any" help="0 when nothing is collected" />
            <TextField<DeliveryFormInput, 'external_reference_id'> name="external_reference_id" label="External reference" help="The customer's own order or reference number" />
          </div>
          <TextField<DeliveryFormInput, 'notes'> name="notes" label="Notes" help="For the driver and the dispatchers" />

          <div className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <SwitchField<DeliveryFormInput, 'override_price'> name="override_price" label="Override the quoted price" />
            {overriding && (
              <div className="grid gap-5 sm:grid-cols-2">
                <NumberField<DeliveryFormInput, 'price'> name="price" label="Price" required min={0} step="any" />
                <TextField<DeliveryFormInput, 'price_override_reason'> name="price_override_reason" label="Reason for the price" required />
              </div>
            )}
          </div>
        </fieldset>

        {!locked && (
          <div className="flex gap-3">
            <SubmitButton>{editing ? 'Save changes' : 'Create delivery'}</SubmitButton>
            <button
              type="button"
              className="text-sm text-slate-600 underline dark:text-slate-300"
              onClick={() => navigate(delivery ? paths.detail(delivery.id) : paths.list)}
            >
              Cancel
            </button>
          </div>
        )}
      </Form>
      {!locked && (
        <aside className="xl:sticky xl:top-4 xl:self-start">
          <QuotePreview tenantId={tenantId} control={form.control} />
        </aside>
      )}
      {addressDialog &&
        addressDialog({
          open: adding !== null,
          onClose: () => setAdding(null),
          tenantId,
          userId: adding?.userId ?? null,
          onSaved: (address) => {
            if (adding) form.setValue(adding.target, address.id, { shouldValidate: true, shouldDirty: true });
            setAdding(null);
          },
        })}
    </div>
  );
}

export function DeliveryCreatePage(props: FormPageProps) {
  return <DeliveryFormPage mode="create" {...props} />;
}

export function DeliveryEditPage(props: FormPageProps) {
  return <DeliveryFormPage mode="edit" {...props} />;
}
