import { useMemo } from 'react';
import { adminPaths } from '../../../lib/paths';
import { Form, FormActions, MultiSelectField, NumberField, SelectField, SwitchField, TextField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { tenantRecordPages, type TenantRecordFormProps } from '../../../ui/TenantRecordPages';
import { createDeliveryService, getDeliveryService, updateDeliveryService } from '../api';
import {
  DeliveryServiceFormSchema,
  emptyServiceForm,
  toServiceFormValues,
  type DeliveryService,
  type DeliveryServiceFormInput,
} from '../schema';
import { serviceMessages } from '../messages';
import { serviceOptions, translateServiceMessage } from '../words';

const serviceForm = defineRecordForm({
  words: serviceMessages,
  schema: DeliveryServiceFormSchema,
  translate: translateServiceMessage,
  values: toServiceFormValues,
  empty: emptyServiceForm,
  create: createDeliveryService,
  update: updateDeliveryService,
});

function DeliveryServiceForm({ tenantId, record: service }: TenantRecordFormProps<DeliveryService>) {
  const { t, formProps } = useRecordForm(serviceForm, tenantId, service);
  const options = useMemo(() => serviceOptions(t), [t]);

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={service ? t('form.edit') : t('form.create')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<DeliveryServiceFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<DeliveryServiceFormInput, 'code'> name="code" label={t('field.code')} required help={t('field.codeHelp')} />
      </div>
      <TextField<DeliveryServiceFormInput, 'description'> name="description" label={t('field.description')} />
      <SelectField<DeliveryServiceFormInput, 'kind'> name="kind" label={t('field.kind')} required options={options.kinds} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<DeliveryServiceFormInput, 'min_transit_hours'> name="min_transit_hours" label={t('field.minHours')} required min={0} max={720} step="any" unit="h" />
        <NumberField<DeliveryServiceFormInput, 'max_transit_hours'> name="max_transit_hours" label={t('field.maxHours')} required min={0} max={720} step="any" unit="h" />
      </div>
      <MultiSelectField<DeliveryServiceFormInput, 'required_vehicle_features'>
        name="required_vehicle_features"
        label={t('field.features')}
        options={options.features}
        help={t('field.featuresHelp')}
      />
      <SwitchField<DeliveryServiceFormInput, 'active'> name="active" label={t('field.active')} />
      <FormActions submitLabel={service ? t('form.save') : t('form.createService')} />
    </Form>
  );
}

export const { create: DeliveryServiceCreatePage, edit: DeliveryServiceEditPage } = tenantRecordPages({ load: getDeliveryService, listPath: adminPaths.deliveryServices(), words: serviceMessages, form: DeliveryServiceForm });
