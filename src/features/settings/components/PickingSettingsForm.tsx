import type { ServerErrorResult } from '../../../lib/server-errors';
import { PICKING_CAPS, type TenantSettings } from '../../../lib/tenant-settings';
import { Form, NumberField, SubmitButton, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { savePickingSettings } from '../api';
import { PICKING_MESSAGES, PickingSettingsFormSchema, toPickingForm, type PickingSettingsFormInput, type PickingSettingsFormOutput } from '../schema';

/**
 * The caps the batch and wave builder opens with (settings.picking), saved on their own: the
 * builder may still choose other caps within the same bounds for one build.
 */
export function PickingSettingsForm({ tenantId, settings }: { tenantId: string; settings: TenantSettings }) {
  const toast = useToast();
  const form = useZodForm(PickingSettingsFormSchema, { defaultValues: toPickingForm(settings) });

  async function onSubmit(values: PickingSettingsFormOutput) {
    await savePickingSettings(tenantId, values);
    toast.success(PICKING_MESSAGES.saved);
    form.reset(values);
  }

  function onServerError(_error: unknown, result: ServerErrorResult) {
    if (result.unmatched) toast.error(result.unmatched);
    else if (result.applied.length === 0) toast.error(PICKING_MESSAGES.saveFailed);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-4" aria-label="Batch picking defaults">
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField<PickingSettingsFormInput, 'picking.max_orders'>
          name="picking.max_orders"
          label="Max orders per batch"
          required
          step={1}
          min={PICKING_CAPS.orders.min}
          max={PICKING_CAPS.orders.max}
          help={`${PICKING_CAPS.orders.min} to ${PICKING_CAPS.orders.max}`}
        />
        <NumberField<PickingSettingsFormInput, 'picking.max_lines'>
          name="picking.max_lines"
          label="Max lines per batch"
          required
          step={1}
          min={PICKING_CAPS.lines.min}
          max={PICKING_CAPS.lines.max}
          help={`${PICKING_CAPS.lines.min} to ${PICKING_CAPS.lines.max}`}
        />
      </div>
      <SubmitButton>Save picking defaults</SubmitButton>
    </Form>
  );
}
