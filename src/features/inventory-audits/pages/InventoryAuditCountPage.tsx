import { useState } from 'react';
import { z } from 'zod';
import { inventoryAuditStatus } from '../../../data/statuses';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { BarcodeField, Form, NumberField, SubmitButton, useZodForm } from '../../../ui/form';
import { RecordPageFrame, useRoutedRecord, type RecordPageSource } from '../../../ui/RecordPageFrame';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast';
import { identityKey, useRecordLoad } from '../../../lib/use-record-load';
import { getCountSheet, getReview, moveAudit, requestRecount, saveCount } from '../api';
import { AUDIT_TOASTS, auditTypes, findLine, type CountLine, type CountSheet, type ReviewLine } from '../schema';
import { ScrollBox } from '../../../ui/ScrollBox';

const LIST_PATH = adminPaths.inventoryAudits();

const source: Omit<RecordPageSource<CountSheet>, 'scope'> = {
  mode: 'edit',
  load: getCountSheet,
  listPath: LIST_PATH,
  listLabel: 'Inventory Audits',
  messages: AUDIT_TOASTS,
  loadingLabel: 'Loading audit',
};

/**
 * inventory-audits/:id: the count screen. Counters count blind, line by line (bin, then item, then
 * the quantity; a keyboard-wedge scanner types into the code fields and ends with Enter); managers
 * and admins review the variances, ask for recounts and complete with reasons.
 */
export function InventoryAuditCountPage({ listPath = LIST_PATH, listLabel = source.listLabel }: { listPath?: string; listLabel?: string } = {}) {
  const tenantId = useTenantId() ?? '';
  const full = { ...source, listPath, listLabel, scope: tenantId };
  const routed = useRoutedRecord(full);
  return (
    <RecordPageFrame source={full} routed={routed} title="Inventory audit" crumb="Count">
      {(sheet) => sheet && <AuditScreen sheet={sheet} reload={routed.reload} />}
    </RecordPageFrame>
  );
}

function AuditScreen({ sheet, reload }: { sheet: CountSheet; reload: () => Promise<void> }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const can = (action: string) => sheet.actions.includes(action);
  const counted = sheet.lines.filter((line) => line.counted_quantity !== null).length;

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await reload();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Operation failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="max-w-3xl space-y-6">
      <section aria-label="Audit" className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">
            {auditTypes.label(sheet.audit.audit_type)} · {sheet.warehouse.name}
          </h2>
          <StatusChip vocabulary={inventoryAuditStatus} status={sheet.audit.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <dt className="text-slate-600 dark:text-slate-400">Scheduled date</dt>
          <dd>{sheet.audit.scheduled_date ?? '—'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Created</dt>
          <dd>
            {formatDateTime(sheet.audit.created_at)} · {sheet.audit.created_by_name ?? '—'}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Counted</dt>
          <dd>
            {counted} / {sheet.lines.length}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Completed by</dt>
          <dd>{sheet.audit.completed_by_name ?? '—'}</dd>
        </dl>
        {sheet.audit.notes && <p className="text-sm">{sheet.audit.notes}</p>}
        <div className="flex flex-wrap gap-3 pt-2">
          {can('in_progress') && (
            <Button busy={busy} onClick={() => void run(() => moveAudit(sheet.id, 'in_progress'), 'Counting started')}>
              Start counting
            </Button>
          )}
          {can('cancelled') && (
            <Button variant="secondary" disabled={busy} onClick={() => setConfirmCancel(true)}>
              Cancel audit
            </Button>
          )}
        </div>
      </section>
      {can('count') && <CountForm lines={sheet.lines} onSaved={reload} />}
      {sheet.audit.status === 'in_progress' && <CountLines lines={sheet.lines} />}
      {can('review') && <Review sheet={sheet} busy={busy} run={run} />}
      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel this audit?"
        message="Counts saved so far are kept but no stock is adjusted. This cannot be undone."
        confirmLabel="Cancel audit"
        cancelLabel="Keep audit"
        destructive
        onConfirm={() => run(() => moveAudit(sheet.id, 'cancelled'), 'Audit cancelled')}
      />
    </div>
  );
}

const countSchema = z.object({
  bin: z.string().trim().min(1, { message: 'Scan or type the bin' }),
  item: z.string().trim().min(1, { message: 'Scan or type the item' }),
  counted: z.union([z.number(), z.null()], { error: 'Counted quantity is required' }).refine((value) => value !== null && Number.isInteger(value) && value >= 0, {
    message: 'Counted quantity must be a whole number, 0 or more',
  }),
});
type CountInput = z.input<typeof countSchema>;
type CountOutput = z.output<typeof countSchema>;

/** One line at a time: the bin, the item (SKU or barcode), then what is on the shelf. */
function CountForm({ lines, onSaved }: { lines: readonly CountLine[]; onSaved: () => Promise<void> }) {
  const toast = useToast();
  const form = useZodForm(countSchema, { defaultValues: { bin: '', item: '', counted: null } });
  const next = lines.find((line) => line.counted_quantity === null);

  async function submit(values: CountOutput) {
    const line = findLine(lines, values.bin, values.item);
    if (!line) {
      form.setError('item', { type: 'server', message: "This item is not on this audit's list for that bin" });
      return;
    }
    await saveCount(line.id, values.counted as number);
    toast.success(`Saved ${line.item_name} in ${line.bin_code}`);
    form.reset({ bin: '', item: '', counted: null });
    await onSaved();
    form.setFocus('bin');
  }

  return (
    <section aria-labelledby="count-heading" className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="count-heading" className="text-base font-semibold">
        Count a line
      </h2>
      {next ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Next: {next.bin_code} · {next.item_name} ({next.sku})
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Every line is counted. Count one again to correct it.</p>
      )}
      <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Count a line">
        <BarcodeField<CountInput, 'bin'>
          name="bin"
          label="Bin"
          required
          placeholder="Scan or type the bin code"
          onScan={() => {
            form.setFocus('item');
          }}
        />
        <BarcodeField<CountInput, 'item'>
          name="item"
          label="Item"
          required
          placeholder="Scan or type the SKU or barcode"
          onScan={() => {
            form.setFocus('counted');
          }}
        />
        <NumberField<CountInput, 'counted'> name="counted" label="Counted quantity" required min={0} step={1} />
        <SubmitButton>Save line</SubmitButton>
      </Form>
    </section>
  );
}

/** The lines to count, in walking order: bin, item, lot or serial; what was counted, never what is expected. */
function CountLines({ lines }: { lines: readonly CountLine[] }) {
  return (
    <section aria-labelledby="lines-heading" className="space-y-2">
      <h2 id="lines-heading" className="text-base font-semibold">
        Lines
      </h2>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span>
              <span className="font-mono">{line.bin_code}</span> · {line.item_name} <span className="text-slate-600 dark:text-slate-400">({line.sku})</span>
              {(line.lot_number || line.serial_number) && (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {line.lot_number ? `Lot ${line.lot_number}` : ''} {line.serial_number ? `Serial ${line.serial_number}` : ''}
                </span>
              )}
            </span>
            <span className="text-right">
              {line.counted_quantity === null ? <span className="text-slate-600 dark:text-slate-400">Not counted</span> : <span>Counted {line.counted_quantity}</span>}
              {line.recount_round > 1 && <span className="block text-xs text-slate-600 dark:text-slate-400">Round {line.recount_round}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The reviewer's table: expected, counted, variance and reasons; recount and complete. */
function Review({ sheet, busy, run }: { sheet: CountSheet; busy: boolean; run: (work: () => Promise<unknown>, done: string) => Promise<void> }) {
  // Each read of the sheet (after a count, a recount or a move) reads the review again.
  const { state } = useRecordLoad(identityKey(sheet), () => getReview(sheet.id));
  // The reasons typed over the review they were typed on; a new review starts from its saved reasons.
  const [typed, setTyped] = useState<{ on: ReviewLine[]; reasons: Record<string, string> } | null>(null);
  const [threshold, setThreshold] = useState('0');
  const [confirmComplete, setConfirmComplete] = useState(false);

  if (state.status === 'failed') return <p role="alert">{state.error instanceof Error ? state.error.message : 'Failed to load the review'}</p>;
  if (state.status !== 'ready') return <p role="status">Loading the review…</p>;
  const lines = state.record;
  const reasons = typed?.on === lines ? typed.reasons : Object.fromEntries(lines.map((line) => [line.id, line.reason ?? '']));
  const setReasons = (next: Record<string, string>) => setTyped({ on: lines, reasons: next });
  const open = sheet.audit.status === 'in_progress';
  const variances = lines.filter((line) => (line.variance ?? 0) !== 0);

  return (
    <section aria-labelledby="review-heading" className="space-y-3">
      <h2 id="review-heading" className="text-base font-semibold">
        Review of variances
      </h2>
      <ScrollBox label="Review of variances">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-2 py-1">Bin</th>
                <th scope="col" className="px-2 py-1">Item</th>
                <th scope="col" className="px-2 py-1 text-right">Expected</th>
                <th scope="col" className="px-2 py-1 text-right">Counted</th>
                <th scope="col" className="px-2 py-1 text-right">Variance</th>
                <th scope="col" className="px-2 py-1">Reason</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-2 py-1 font-mono">{line.bin_code}</td>
                  <td className="px-2 py-1">
                    {line.item_name}
                    {line.moved_while_open && <span className="block text-xs font-medium text-red-700 dark:text-red-300">Stock moved while counting: recount</span>}
                  </td>
                  <td className="px-2 py-1 text-right">{line.expected_quantity}</td>
                  <td className="px-2 py-1 text-right">{line.counted_quantity ?? '—'}</td>
                  <td className="px-2 py-1 text-right">{line.variance === null ? '—' : line.variance > 0 ? `+${line.variance}` : line.variance}</td>
                  <td className="px-2 py-1">
                    {open && (line.variance ?? 0) !== 0 ? (
                      <TextField
                        label={`Reason for ${line.item_name} in ${line.bin_code}`}
                        className="min-w-48"
                        value={reasons[line.id] ?? ''}
                        onChange={(event) => setReasons({ ...reasons, [line.id]: event.target.value })}
                      />
                    ) : (
                      (line.reason ?? '')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
      </ScrollBox>
      {open && (
        <div className="flex flex-wrap items-end gap-3">
          {sheet.actions.includes('recount') && (
            <>
              <TextField label="Recount lines off by more than" type="number" min={0} className="w-56" value={threshold} onChange={(event) => setThreshold(event.target.value)} />
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(() => requestRecount(sheet.id, Math.max(0, Number.parseInt(threshold, 10) || 0)), 'Recount requested')}
              >
                Request recount
              </Button>
            </>
          )}
          {sheet.actions.includes('completed') && (
            <Button disabled={busy} onClick={() => setConfirmComplete(true)}>
              Complete audit
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmComplete}
        onClose={() => setConfirmComplete(false)}
        title="Complete this audit?"
        message={`${variances.length} variance${variances.length === 1 ? '' : 's'} will be adjusted in stock with their reasons.`}
        confirmLabel="Complete audit"
        onConfirm={() =>
          run(
            () => moveAudit(sheet.id, 'completed', variances.map((line) => ({ line_id: line.id, reason: reasons[line.id] ?? '' }))),
            'Audit completed',
          )
        }
      />
    </section>
  );
}

export default InventoryAuditCountPage;
