import { adminPaths } from '../../../lib/paths';
import { mapsToken } from '../../../lib/geocoding';
import { useTenantSettings } from '../../../lib/tenant-settings';
import { Form, FormActions, SwitchField, TextField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { PolygonField, useDrawingWords } from '../../../ui/map';
import { tenantRecordPages, type TenantRecordFormProps } from '../../../ui/TenantRecordPages';
import { createZone, getZone, updateZone } from '../api';
import { zoneMessages, type ZoneKey } from '../messages';
import { emptyZoneForm, toZoneFormValues, ZONE_COLORS, ZONE_MESSAGES, ZoneFormSchema, type Zone, type ZoneFormInput } from '../schema';

const zoneForm = defineRecordForm({
  words: zoneMessages,
  schema: ZoneFormSchema,
  values: toZoneFormValues,
  empty: emptyZoneForm,
  create: createZone,
  update: updateZone,
});

/** The schema's messages (the database's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, ZoneKey> = {
  [ZONE_MESSAGES.nameRequired]: 'validation.nameRequired',
  [ZONE_MESSAGES.nameLength]: 'validation.nameLength',
  [ZONE_MESSAGES.codeRequired]: 'validation.codeRequired',
  [ZONE_MESSAGES.codeFormat]: 'validation.codeFormat',
  [ZONE_MESSAGES.description]: 'validation.description',
  [ZONE_MESSAGES.color]: 'validation.color',
};

function ZoneForm({ tenantId, record: zone }: TenantRecordFormProps<Zone>) {
  const settings = useTenantSettings();
  const tenantSettings = settings.status === 'ready' ? settings.settings : null;
  const drawingWords = useDrawingWords();
  // A drawn outline's problems are the map kit's words; the rest are the zone's.
  const { t, form, formProps } = useRecordForm(zoneForm, tenantId, zone, { translate: (zoneWords, message) => (VALIDATION_KEYS[message] ? zoneWords(VALIDATION_KEYS[message]) : drawingWords(message)) });
  const color = form.watch('color');

  return (
    <Form {...formProps} className="space-y-5" aria-label={zone ? t('form.edit') : t('form.create')}>
      <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
        <TextField<ZoneFormInput, 'name'> name="name" label={t('field.name')} required />
        <TextField<ZoneFormInput, 'code'> name="code" label={t('field.code')} required help={t('field.codeHelp')} />
      </div>
      <div className="max-w-3xl">
        <TextField<ZoneFormInput, 'description'> name="description" label={t('field.description')} />
      </div>
      <fieldset className="max-w-3xl">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('field.colour')}</legend>
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
                aria-label={t('field.swatch', { colour: option })}
              />
              <span
                className="block size-7 rounded-full ring-2 ring-transparent ring-offset-2 peer-checked:ring-slate-900 peer-focus-visible:ring-slate-500 dark:ring-offset-slate-900 dark:peer-checked:ring-white"
                style={{ backgroundColor: option }}
              />
            </label>
          ))}
          <TextField<ZoneFormInput, 'color'> name="color" label={t('field.hex')} className="w-36" />
        </div>
      </fieldset>
      <PolygonField<ZoneFormInput, 'polygon'>
        name="polygon"
        label={t('field.area')}
        required
        color={/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#2563eb'}
        defaultCenter={tenantSettings?.mapCentre}
        mapboxToken={mapsToken(tenantSettings?.mapsKey)}
        help={t('field.areaHelp')}
      />
      <SwitchField<ZoneFormInput, 'active'> name="active" label={t('field.active')} help={t('field.activeHelp')} />
      <FormActions submitLabel={zone ? t('form.save') : t('form.create')} />
    </Form>
  );
}

export const { create: ZoneCreatePage, edit: ZoneEditPage } = tenantRecordPages({ load: getZone, listPath: adminPaths.zones(), words: zoneMessages, form: ZoneForm, skeletons: ['h-10 w-full', 'h-10 w-full', 'h-96 w-full'] });
