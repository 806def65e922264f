import { useCallback, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { inventoryItemLookup, binLookup } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { saveFailureToasts } from '../../../lib/server-errors';
import { Form, FormActions, LookupField, NumberField, SelectField, TextField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { recordTransaction } from '../api';
import {
  binsOf,
  emptyTransactionForm,
  STOCK_STATUSES,
  TransactionFormSchema,
  type TransactionFormInput,
  type TransactionFormOutput,
  type TransactionType,
} from '../schema';
import { translateInventoryMessage, useInventoryWords } from '../words';

export interface TransactionFormProps {
  tenantId: string;
  /** The kinds of entry this screen records, in the order offered. */
  types: readonly TransactionType[];
  /** How each kind is named here (Add Stock says 'Opening receipt' for a receive); else its own words. */
  typeLabel?: (type: TransactionType) => string;
  successMessage: string;
  /** Where the screen goes after recording (the list). */
  then: string;
  label: string;
}

/**
 * One ledger entry through record_inventory_transaction: the bins the kind takes (from, to or
 * both), lot, serial, the stock status, and a reason (required for adjustments). Bins are looked
 * up in the chosen warehouse; the database decides what is available and answers 'Insufficient
 * stock ...' on the quantity.
 */
export function TransactionForm({ tenantId, types, typeLabel, successMessage, then, label }: TransactionFormProps) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const { t, word, options } = useInventoryWords();
  const translate = useCallback((message: string) => translateInventoryMessage(t, message), [t]);
  const form = useZodForm(TransactionFormSchema, { defaultValues: emptyTransactionForm(types[0]) }, translate);
  const type = useWatch({ control: form.control, name: 'transaction_type' });
  const direction = useWatch({ control: form.control, name: 'direction' });
  const warehouseId = useWatch({ control: form.control, name: 'warehouse_id' });
  const bins = binsOf(type, direction);

  // Bins belong to a warehouse: another warehouse clears them.
  useEffect(() => {
    form.setValue('from_bin_id', null);
    form.setValue('to_bin_id', null);
  }, [form, warehouseId]);

  async function onSubmit(values: TransactionFormOutput) {
    await recordTransaction(values);
    toast.success(successMessage);
    navigate(then);
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onServerError={(error, result) => {
        for (const text of saveFailureToasts(error, result, { validation: t('toast.validation'), failed: t('toast.recordFailed'), unknown: t('toast.unknown') })) {
          toast.error(text);
        }
      }}
      className="max-w-3xl space-y-5"
      aria-label={label}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<TransactionFormInput, 'transaction_type'>
          name="transaction_type"
          label={t('field.type')}
          required
          options={types.map((value) => ({ value, label: typeLabel ? typeLabel(value) : word(value) }))}
        />
        {type === 'adjust' && (
          <SelectField<TransactionFormInput, 'direction'>
            name="direction"
            label={t('field.adjustment')}
            required
            options={[
              { value: 'add', label: t('field.addToBin') },
              { value: 'remove', label: t('field.removeFromBin') },
            ]}
          />
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <LookupField<TransactionFormInput, 'item_id'> name="item_id" label={t('field.item')} required lookup={inventoryItemLookup(tenantId, { activeOnly: true })} />
        <LookupField<TransactionFormInput, 'warehouse_id'> name="warehouse_id" label={t('field.warehouse')} required lookup={warehouseLookup(tenantId)} />
        {bins.from && (
          <LookupField<TransactionFormInput, 'from_bin_id'> key={`from-${warehouseId}`} name="from_bin_id" label={type === 'move' ? t('field.fromBin') : t('field.bin')} required disabled={!warehouseId} lookup={binLookup(tenantId, warehouseId)} />
        )}
        {bins.to && (
          <LookupField<TransactionFormInput, 'to_bin_id'> key={`to-${warehouseId}`} name="to_bin_id" label={type === 'move' ? t('field.toBin') : t('field.bin')} required disabled={!warehouseId} lookup={binLookup(tenantId, warehouseId, { activeOnly: true })} />
        )}
        <NumberField<TransactionFormInput, 'quantity'> name="quantity" label={t('field.quantity')} required min={1} step={1} />
        <SelectField<TransactionFormInput, 'stock_status'> name="stock_status" label={t('field.condition')} required options={options(STOCK_STATUSES)} />
        <TextField<TransactionFormInput, 'lot_number'> name="lot_number" label={t('field.lot')} />
        <TextField<TransactionFormInput, 'serial_number'> name="serial_number" label={t('field.serial')} help={t('field.serialHelp')} />
      </div>
      <TextField<TransactionFormInput, 'reason'> name="reason" label={t('field.reason')} required={type === 'adjust'} />
      <FormActions submitLabel={t('field.record')} cancelTo={then} />
    </Form>
  );
}
