import { useCallback, useMemo } from 'react';
import { warehouseStatus } from '../../../data/statuses';
import { useWarehousingWords } from '../../../data/warehousing-words';
import { useT } from '../../../lib/i18n/catalogue';
import { useLocation, useParams } from 'wouter';
import { useWatch } from 'react-hook-form';
import { adminPaths } from '../../../lib/paths';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { Form, LookupField, NumberField, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../../ui/form';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { useToast } from '../../../ui/toast';
import { useRecordLoad } from '../../../lib/use-record-load';
import { tenantAddressLookup } from '../../../data/addresses';
import { addressLabel } from '../../../data/address-label';
import { staffUserLookup } from '../../../data/warehouse-staff';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { getWarehouse, saveWarehouse } from '../api';
import { FORM_SKELETON_CLASS } from '../../../ui/FormSkeleton';
import { useStatuses } from '../../../lib/status-vocabulary';
import {
  emptyWarehouseForm,
  toWarehouseFormValues,
  toWarehouseWrite,
  WarehouseFormSchema,
  type Warehouse,
  type WarehouseFormInput,
  type WarehouseFormOutput,
} from '../schema';
import { warehouseMessages } from '../messages';
import { accessOptions, savedWords, translateWarehouseMessage } from '../words';

const LIST_PATH = adminPaths.warehouses();
/** The warehouse form's address lookup asks for 100. */
export const ADDRESS_LOOKUP_LIMIT = 100;

function Header({ mode, name }: { mode: 'create' | 'edit'; name?: string }) {
  const t = useT(warehouseMessages);
  return (
    <PageHeader
      title={mode === 'create' ? t('form.create') : t('form.edit')}
      breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title'), href: LIST_PATH }, { label: mode === 'create' ? t('crumb.create') : (name ?? t('crumb.edit')) }]}
    />
  );
}

export function WarehouseCreatePage() {
  const tenantId = useTenantId() ?? '';
  return (
    <div className="space-y-4">
      <Header mode="create" />
      <WarehouseForm tenantId={tenantId} warehouse={null} />
    </div>
  );
}

export function WarehouseEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const tenantId = useTenantId() ?? '';
  const t = useT(warehouseMessages);
  const { state, retry } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getWarehouse(tenantId, id));
  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={<Header mode="edit" name={state.status === 'ready' ? state.record.name : undefined} />}
      backTo={LIST_PATH}
      notFoundTitle={t('toast.notFound')}
      failedTitle={t('toast.fetchFailed')}
      loadingLabel={t('form.loading')}
      loadingClassName={FORM_SKELETON_CLASS}
    >
      {(warehouse) => <WarehouseForm key={warehouse.id} tenantId={tenantId} warehouse={warehouse} />}
    </RecordStates>
  );
}

function WarehouseForm({ tenantId, warehouse }: { tenantId: string; warehouse: Warehouse | null }) {
  const statusWords = useStatuses(warehouseStatus);
  const [, navigate] = useLocation();
  const toast = useToast();
  const t = useT(warehouseMessages);
  const words = useWarehousingWords();
  const access = useMemo(() => accessOptions(t), [t]);
  const translate = useCallback((message: string) => translateWarehouseMessage(t, message), [t]);
  const serverWords = useServerWords();
  const form = useZodForm(WarehouseFormSchema, { defaultValues: warehouse ? toWarehouseFormValues(warehouse) : emptyWarehouseForm() }, translate);
  const accessMode = useWatch({ control: form.control, name: 'access_mode' });

  async function onSubmit(values: WarehouseFormOutput) {
    const result = await saveWarehouse(warehouse?.id ?? null, toWarehouseWrite(values));
    // The server always names what it did; the spec's fallback only shows when it does not.
    toast.success(result.message ? savedWords(t, result) : t('toast.savedFallback'));
    navigate(adminPaths.warehouse(result.record.id));
  }

  // The server's own words (by their keys, in the page's language) when it sent some that no field
  // shows; the spec's fallback otherwise.
  function onServerError(error: unknown, result: ServerErrorResult) {
    const message = typeof error === 'object' && error !== null && 'message' in error ? (error as { message: unknown }).message : null;
    toast.error(result.applied.length === 0 && typeof message === 'string' && message.trim() ? refusalText(error, '\n', serverWords) : t('toast.failedFallback'));
  }

  const addressOptions = warehouse?.address ? [{ value: warehouse.address.id, label: addressLabel(warehouse.address) }] : [];

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-6" aria-label={warehouse ? t('form.edit') : t('form.create')}>
      <section className="grid gap-5 sm:grid-cols-2">
        <TextField<WarehouseFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<WarehouseFormInput, 'code'> name="code" label={t('field.code')} required />
        <LookupField<WarehouseFormInput, 'address_id'>
          name="address_id"
          label={t('field.address')}
          required
          className="sm:col-span-2"
          limit={ADDRESS_LOOKUP_LIMIT}
          lookup={tenantAddressLookup(tenantId)}
          initialOptions={addressOptions}
          placeholder={t('field.addressSearch')}
        />
        <SelectField<WarehouseFormInput, 'status'> name="status" label={t('field.status')} required options={statusWords.options} />
        <div className="hidden sm:block" />
        <NumberField<WarehouseFormInput, 'total_capacity'> name="total_capacity" label={t('field.total')} min={0} step="any" unit="m³" />
        <NumberField<WarehouseFormInput, 'available_capacity'> name="available_capacity" label={t('field.available')} min={0} step="any" unit="m³" />
      </section>

      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t('field.access')}</legend>
        <SelectField<WarehouseFormInput, 'access_mode'> name="access_mode" label={t('field.accessMode')} required options={access} />
        {accessMode && accessMode !== 'all_users' && (
          <LookupField<WarehouseFormInput, 'user_ids'>
            name="user_ids"
            label={accessMode === 'select_users' ? t('field.usersWith') : t('field.usersWithout')}
            required
            multiple
            lookup={staffUserLookup(tenantId, warehouse?.id ?? null)}
            placeholder={t('field.searchStaff')}
            help={warehouse ? t('field.staffOfWarehouse') : t('field.staffOfBusiness')}
          />
        )}
      </fieldset>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t('field.features')}</legend>
        <SelectField<WarehouseFormInput, 'features.security_level'> name="features.security_level" label={t('field.security')} options={words.securityLevels.options} />
        <NumberField<WarehouseFormInput, 'features.dock_doors'> name="features.dock_doors" label={t('field.dockDoors')} min={0} step={1} />
        <SwitchField<WarehouseFormInput, 'features.climate_control'> name="features.climate_control" label={t('field.climate')} />
        <SwitchField<WarehouseFormInput, 'features.refrigeration'> name="features.refrigeration" label={t('field.refrigeration')} />
        <SwitchField<WarehouseFormInput, 'features.hazardous_materials'> name="features.hazardous_materials" label={t('field.hazardous')} />
        <SwitchField<WarehouseFormInput, 'features.cross_docking'> name="features.cross_docking" label={t('field.crossDocking')} />
      </fieldset>

      <div className="flex gap-3">
        <SubmitButton>{warehouse ? t('form.save') : t('form.create')}</SubmitButton>
        <Button variant="secondary" onClick={() => navigate(warehouse ? adminPaths.warehouse(warehouse.id) : LIST_PATH)}>
          {t('form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
