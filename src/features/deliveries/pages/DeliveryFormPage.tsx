import { useCallback, useMemo, useState, type ReactNode } from 'react';
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
  LookupField,
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
import { customerLookup } from '../../../data/people';
import { addressLabel, createDelivery, getDelivery, lookupDeliveryAddresses, updateDelivery } from '../api';
import { PreferenceHint } from '../components/PreferenceHint';
import { QuotePreview } from '../components/QuotePreview';
import { toFormFieldErrors } from '../errors';
import { ADMIN_DELIVERY_PATHS, inScope, type DeliveryPaths, type DeliveryScope } from '../paths';
import {
  deliveryFormSchema,
  EDITABLE_STATUSES,
  emptyDeliveryForm,
  newPackage,
  toDeliveryForm,
  toDeliveryWrite,
  type Delivery,
  type DeliveryKind,
  type DeliveryFormInput,
  type DeliveryFormValues,
} from '../schema';
import { useT } from '../../../lib/i18n/catalogue';
import { deliveryStatus } from '../../../data/statuses';
import { useStatuses } from '../../../lib/status-vocabulary';
import { deliveryMessages } from '../messages';
import { kindOptions, kindWords, priorityOptions, translateDeliveryMessage, useDeliveryToasts } from '../words';

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
  const t = useT(deliveryMessages);
  const toasts = useDeliveryToasts();
  const listLabel = t(paths.listLabel);
  const load = async () => {
    const delivery = await getDelivery(tenantId, id ?? '');
    return delivery && inScope({ kind }, delivery.kind) ? delivery : null;
  };
  const { state, retry } = useRecordLoad<Delivery | null>(mode === 'edit' && id && tenantId ? `${tenantId}/${id}` : null, load, {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(toasts.fetchFailed),
  });
  const loaded = state.status === 'ready' ? state.record : null;

  const header = (
    <PageHeader
      title={mode === 'create' ? t('form.create') : loaded ? t('form.editCode', { code: loaded.delivery_code }) : t('form.edit')}
      breadcrumbs={[
        { label: t('crumb.dashboard'), href: '/' },
        { label: listLabel, href: paths.list },
        ...(loaded ? [{ label: loaded.delivery_code, href: paths.detail(loaded.id) }] : []),
        { label: mode === 'create' ? t('form.crumbCreate') : t('form.crumbEdit') },
      ]}
    />
  );

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={paths.list}
      backLabel={t('list.backTo', { list: listLabel.toLowerCase() })}
      missing={mode === 'edit' && !id}
      notFoundTitle={toasts.notFound}
      failedTitle={toasts.fetchFailed}
      loadingLabel={t('detail.loading')}
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
  const t = useT(deliveryMessages);
  const toasts = useDeliveryToasts();
  const statuses = useStatuses(deliveryStatus);
  const kinds = useMemo(() => kindOptions(t), [t]);
  const priorities = useMemo(() => priorityOptions(t), [t]);
  const translate = useCallback((message: string) => translateDeliveryMessage(t, message), [t]);
  const editing = delivery !== null;
  const locked = delivery !== null && !EDITABLE_STATUSES.includes(delivery.status);
  const form = useZodForm(deliveryFormSchema, { defaultValues: delivery ? toDeliveryForm(delivery) : { ...emptyDeliveryForm(), ...(kind ? { kind } : {}) } }, translate);
  const [customerId, overriding] = useWatch({ control: form.control, name: ['customer_id', 'override_price'] });
  const [adding, setAdding] = useState<null | { target: 'pickup_address_id' | 'dropoff_address_id'; userId: string | null }>(null);

  async function onSubmit(values: DeliveryFormValues) {
    const write = toDeliveryWrite(values);
    try {
      if (delivery) {
        await updateDelivery(tenantId, delivery.id, write);
        toast.success(toasts.updated);
        navigate(paths.detail(delivery.id));
      } else {
        const id = await createDelivery(tenantId, write);
        toast.success(toasts.created);
        navigate(paths.detail(id));
      }
    } catch (error) {
      throw toFormFieldErrors(error);
    }
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = editing ? toasts.updateFailed : toasts.createFailed;
    for (const text of saveFailureToasts(error, result, { validation: toasts.validation, failed, unknown: toasts.unknown })) toast.error(text);
  }

  const searchAddresses = (term: string, signal: AbortSignal, limit: number) => lookupDeliveryAddresses(tenantId, customerId || null, term, limit, signal);
  const addressButtons = (target: 'pickup_address_id' | 'dropoff_address_id') =>
    addressDialog && (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!customerId} onClick={() => setAdding({ target, userId: customerId || null })}>
          {t('form.newCustomerAddress')}
        </Button>
        <Button variant="secondary" onClick={() => setAdding({ target, userId: null })}>
          {t('form.newBusinessAddress')}
        </Button>
      </div>
    );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={editing ? t('form.edit') : t('form.create')}>
        {locked && delivery && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            {t('form.locked', { status: statuses.label(delivery.status).toLowerCase() })}{' '}
            <Link href={paths.detail(delivery.id)} className="font-medium underline">
              {t('form.backToDelivery')}
            </Link>
          </p>
        )}
        <fieldset disabled={locked} className="space-y-6">
          <div className="grid gap-5 sm:grid-cols-2">
            {kind ? (
              <div>
                <span className="block text-sm font-medium">{t('field.kind')}</span>
                <p className="mt-2 text-sm" data-testid="fixed-kind">
                  {kindWords(t, kind)}
                </p>
              </div>
            ) : (
              <SelectField<DeliveryFormInput, 'kind'> name="kind" label={t('field.kind')} required options={kinds} />
            )}
            <LookupField<DeliveryFormInput, 'customer_id'> name="customer_id" label={t('field.customer')} required lookup={customerLookup(tenantId)} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <ComboboxField<DeliveryFormInput, 'pickup_address_id'>
                name="pickup_address_id"
                label={t('field.pickup')}
                required
                help={t('field.pickupHelp')}
                search={searchAddresses}
                resolveLabel={(value) => addressLabel(tenantId, value)}
              />
              {!locked && addressButtons('pickup_address_id')}
            </div>
            <div className="space-y-2">
              <ComboboxField<DeliveryFormInput, 'dropoff_address_id'>
                name="dropoff_address_id"
                label={t('field.dropoff')}
                required
                search={searchAddresses}
                resolveLabel={(value) => addressLabel(tenantId, value)}
              />
              {!locked && addressButtons('dropoff_address_id')}
            </div>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <DateTimeField<DeliveryFormInput, 'pickup_window_start'> name="pickup_window_start" label={t('field.pickupFrom')} />
            <DateTimeField<DeliveryFormInput, 'pickup_window_end'> name="pickup_window_end" label={t('field.pickupUntil')} />
            <DateTimeField<DeliveryFormInput, 'dropoff_window_start'> name="dropoff_window_start" label={t('field.dropoffFrom')} />
            <DateTimeField<DeliveryFormInput, 'dropoff_window_end'> name="dropoff_window_end" label={t('field.dropoffUntil')} />
          </div>
          {!locked && <PreferenceHint form={form} />}

          <ArrayField<DeliveryFormInput, 'packages'> name="packages" label={t('field.packages')} required min={1} max={50} newRow={newPackage} addLabel={t('field.addPackage')} removeLabel={t('field.removePackage')}>
            {(index) => (
              <>
                <TextField<DeliveryFormInput, `packages.${number}.description`> name={`packages.${index}.description`} label={t('field.description')} required />
                <div className="grid grid-cols-2 gap-3">
                  <NumberField<DeliveryFormInput, `packages.${number}.quantity`> name={`packages.${index}.quantity`} label={t('field.quantity')} required min={1} step={1} />
                  <NumberField<DeliveryFormInput, `packages.${number}.weight_kg`> name={`packages.${index}.weight_kg`} label={t('field.weight')} unit="kg" required min={0} step="any" />
                </div>
                <div className="grid grid-cols-3 gap-3 sm:col-span-2">
                  <NumberField<DeliveryFormInput, `packages.${number}.length_cm`> name={`packages.${index}.length_cm`} label={t('field.length')} unit="cm" min={0} step="any" />
                  <NumberField<DeliveryFormInput, `packages.${number}.width_cm`> name={`packages.${index}.width_cm`} label={t('field.width')} unit="cm" min={0} step="any" />
                  <NumberField<DeliveryFormInput, `packages.${number}.height_cm`> name={`packages.${index}.height_cm`} label={t('field.height')} unit="cm" min={0} step="any" />
                </div>
                <div className="flex flex-wrap gap-6 sm:col-span-2">
                  <CheckboxField<DeliveryFormInput, `packages.${number}.fragile`> name={`packages.${index}.fragile`} label={t('field.fragile')} />
                  <CheckboxField<DeliveryFormInput, `packages.${number}.temperature_sensitive`> name={`packages.${index}.temperature_sensitive`} label={t('field.temperature')} />
                </div>
              </>
            )}
          </ArrayField>

          <div className="grid gap-5 sm:grid-cols-2">
            <LookupField<DeliveryFormInput, 'service_id'> name="service_id" label={t('field.service')} required lookup={serviceLookup(tenantId)} />
            <SelectField<DeliveryFormInput, 'priority'> name="priority" label={t('field.priority')} required options={priorities} />
            <NumberField<DeliveryFormInput, 'cod_amount'> name="cod_amount" label={t('field.cod')} min={0} step="any" help={t('field.codHelp')} />
            <TextField<DeliveryFormInput, 'external_reference_id'> name="external_reference_id" label={t('field.reference')} help={t('field.referenceHelp')} />
          </div>
          <TextField<DeliveryFormInput, 'notes'> name="notes" label={t('field.notes')} help={t('field.notesHelp')} />

          <div className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <SwitchField<DeliveryFormInput, 'override_price'> name="override_price" label={t('field.override')} />
            {overriding && (
              <div className="grid gap-5 sm:grid-cols-2">
                <NumberField<DeliveryFormInput, 'price'> name="price" label={t('field.price')} required min={0} step="any" />
                <TextField<DeliveryFormInput, 'price_override_reason'> name="price_override_reason" label={t('field.priceReason')} required />
              </div>
            )}
          </div>
        </fieldset>

        {!locked && (
          <div className="flex gap-3">
            <SubmitButton>{editing ? t('form.save') : t('form.create')}</SubmitButton>
            <button
              type="button"
              className="text-sm text-slate-600 underline dark:text-slate-300"
              onClick={() => navigate(delivery ? paths.detail(delivery.id) : paths.list)}
            >
              {t('form.cancel')}
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
