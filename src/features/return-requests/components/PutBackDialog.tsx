import { useCallback, useState } from 'react';
import { inventoryItemLookup, binLookup } from '../../../data/inventory';
import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ComboboxField, DialogFormActions, Form, NumberField, SelectField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { putBackIntoStock } from '../api';
import { returnMessages } from '../messages';
import { PUT_BACK_CONDITION_OPTIONS, PUT_BACK_MESSAGES, putBackSchema, type PutBackInput, type ReturnRow } from '../schema';

type ReturnKey = keyof typeof returnMessages.en;

const CONDITION_KEYS: Record<(typeof PUT_BACK_CONDITION_OPTIONS)[number]['value'], ReturnKey> = { available: 'condition.available', damaged: 'condition.damaged' };
/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, ReturnKey> = {
  [PUT_BACK_MESSAGES.item]: 'validation.item',
  [PUT_BACK_MESSAGES.bin]: 'validation.bin',
  [PUT_BACK_MESSAGES.quantity]: 'validation.quantity',
  [PUT_BACK_MESSAGES.condition]: 'validation.condition',
};

/**
 * "Put back into stock" on a received return: the item, a bin of the warehouse the return came
 * back to, how many and in what condition; each put-back is one `return` transaction of the ledger
 * referencing the request (a request may be put back in several goes).
 */
export function PutBackAction({ tenantId, row }: { tenantId: string; row: ReturnRow }) {
  const t = useT(returnMessages);
  const [open, setOpen] = useState(false);
  if (row.status !== 'received') return null;
  if (!row.warehouse_id) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('putBack.noWarehouse')}</p>;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('putBack.action')}
      </Button>
      {open && <PutBackDialog tenantId={tenantId} row={row} warehouseId={row.warehouse_id} onClose={() => setOpen(false)} />}
    </>
  );
}

function PutBackDialog({ tenantId, row, warehouseId, onClose }: { tenantId: string; row: ReturnRow; warehouseId: string; onClose: () => void }) {
  const toast = useToast();
  const t = useT(returnMessages);
  const translate = useCallback((message: string) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message), [t]);
  const form = useZodForm(putBackSchema, { defaultValues: { item_id: '', bin_id: '', quantity: 1, condition: 'available' } }, translate);
  const conditions = PUT_BACK_CONDITION_OPTIONS.map((option) => ({ value: option.value, label: t(CONDITION_KEYS[option.value]) }));
  const submitting = form.formState.isSubmitting;
  const close = () => {
    if (!submitting) onClose();
  };
  return (
    <Dialog
      open
      onClose={close}
      title={t('putBack.title', { code: row.return_code })}
      description={row.warehouse_name ? t('putBack.description', { warehouse: row.warehouse_name }) : t('putBack.descriptionNoName')}
    >
      <Form
        form={form}
        aria-label={t('putBack.action')}
        onSubmit={async (values) => {
          await putBackIntoStock(row.id, values);
          toast.success(t('putBack.done', { units: values.quantity, code: row.return_code }));
          onClose();
        }}
        className="space-y-4"
      >
        <ComboboxField<PutBackInput, 'item_id'>
          name="item_id"
          label={t('putBack.item')}
          required
          search={inventoryItemLookup(tenantId, { activeOnly: true }).search}
          placeholder={t('putBack.searchItems')}
        />
        <ComboboxField<PutBackInput, 'bin_id'>
          name="bin_id"
          label={t('putBack.bin')}
          required
          search={binLookup(tenantId, warehouseId, { activeOnly: true }).search}
          placeholder={t('putBack.searchBins')}
        />
        <NumberField<PutBackInput, 'quantity'> name="quantity" label={t('putBack.quantity')} required min={1} step={1} />
        <SelectField<PutBackInput, 'condition'> name="condition" label={t('putBack.condition')} required options={conditions} />
        <DialogFormActions submitLabel={t('putBack.action')} onCancel={close} cancelLabel={t('putBack.cancel')} />
      </Form>
    </Dialog>
  );
}
