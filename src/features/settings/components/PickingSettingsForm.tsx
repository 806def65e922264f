import { useCallback } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { PICKING_CAPS, type TenantSettings } from '../../../lib/tenant-settings';
import { Form, NumberField, SubmitButton, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { savePickingSettings } from '../api';
import { settingsMessages } from '../messages';
import { translateSettingsMessage } from '../words';
import { PickingSettingsFormSchema, toPickingForm, type PickingSettingsFormInput, type PickingSettingsFormOutput } from '../schema';

/**
 * The caps the batch and wave builder opens with (settings.picking), saved on their own: the
 * builder may still choose other caps within the same bounds for one build.
 */
export function PickingSettingsForm({ tenantId, settings }: { tenantId: string; settings: TenantSettings }) {
  const toast = useToast();
  const t = useT(settingsMessages);
  const translate = useCallback((message: string) => translateSettingsMessage(t, message), [t]);
  const form = useZodForm(PickingSettingsFormSchema, { defaultValues: toPickingForm(settings) }, translate);

  async function onSubmit(values: PickingSettingsFormOutput) {
    await savePickingSettings(tenantId, values);
    toast.success(t('picking.saved'));
    form.reset(values);
  }

  // The database's refusals arrive keyed: the kit's Form has already put them in the page's language.
  function onServerError(_error: unknown, result: ServerErrorResult) {
    if (result.unmatched) toast.error(result.unmatched);
    else if (result.applied.length === 0) toast.error(t('picking.saveFailed'));
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-4" aria-label={t('picking.form')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <CapField name="picking.max_orders" label={t('picking.maxOrders')} cap={PICKING_CAPS.orders} />
        <CapField name="picking.max_lines" label={t('picking.maxLines')} cap={PICKING_CAPS.lines} />
      </div>
      <SubmitButton>{t('picking.save')}</SubmitButton>
    </Form>
  );
}

/** One cap: a whole number within its bounds, which its help states. */
function CapField({ name, label, cap }: { name: 'picking.max_orders' | 'picking.max_lines'; label: string; cap: { min: number; max: number } }) {
  const t = useT(settingsMessages);
  return <NumberField<PickingSettingsFormInput, typeof name> name={name} label={label} required step={1} min={cap.min} max={cap.max} help={t('picking.range', cap)} />;
}
