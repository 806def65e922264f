import { useState } from 'react';
import { lookupBins, lookupInventoryItems } from '../../../data/inventory';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ComboboxField, Form, NumberField, SelectField, SubmitButton, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { putBackIntoStock } from '../api';
import { PUT_BACK_CONDITION_OPTIONS, PUT_BACK_MESSAGES, putBackSchema, type PutBackInput, type ReturnRow } from '../schema';

/**
 * "Put back into stock" on a received return: the item, a bin of the warehouse the return came
 * back to, how many and in what condition; each put-back is one `return` transaction of the ledger
 * referencing the request (a request may be put back in several goes).
 */
export function PutBackAction({ tenantId, row }: { tenantId: string; row: ReturnRow }) {
  const [open, setOpen] = useState(false);
  if (row.status !== 'received') return null;
  if (!row.warehouse_id) return <p className="text-sm text-slate-600 dark:text-slate-400">This return names no warehouse to put it back into.</p>;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Put back into stock
      </Button>
      {open && <PutBackDialog tenantId={tenantId} row={row} warehouseId={row.warehouse_id} onClose={() => setOpen(false)} />}
    </>
  );
}

function PutBackDialog({ tenantId, row, warehouseId, onClose }: { tenantId: string; row: ReturnRow; warehouseId: string; onClose: () => void }) {
  const toast = useToast();
  const form = useZodForm(putBackSchema, { defaultValues: { item_id: '', bin_id: '', quantity: 1, condition: 'available' } });
  const submitting = form.formState.isSubmitting;
  const close = () => {
    if (!submitting) onClose();
  };
  return (
    <Dialog
      open
      onClose={close}
      title={`Put ${row.return_code} back into stock`}
      description={`Into a bin of ${row.warehouse_name ?? 'the warehouse it came back to'}, as available or damaged stock.`}
    >
      <Form
        form={form}
        aria-label="Put back into stock"
        onSubmit={async (values) => {
          await putBackIntoStock(row.id, values);
          toast.success(PUT_BACK_MESSAGES.done(values.quantity, row.return_code));
          onClose();
        }}
        className="space-y-4"
      >
        <ComboboxField<PutBackInput, 'item_id'>
          name="item_id"
          label="Item"
          required
          search={(term, signal, limit) => lookupInventoryItems(tenantId, term, limit, signal, { activeOnly: true })}
          placeholder="Search items"
        />
        <ComboboxField<PutBackInput, 'bin_id'>
          name="bin_id"
          label="Bin"
          required
          search={(term, signal, limit) => lookupBins(tenantId, warehouseId, term, limit, signal, { activeOnly: true })}
          placeholder="Search bins"
        />
        <NumberField<PutBackInput, 'quantity'> name="quantity" label="Quantity" required min={1} step={1} />
        <SelectField<PutBackInput, 'condition'> name="condition" label="Condition" required options={PUT_BACK_CONDITION_OPTIONS} />
        <div className="flex justify-end gap-2 pt-2 pb-5">
          <Button variant="secondary" onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <SubmitButton>Put back into stock</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
