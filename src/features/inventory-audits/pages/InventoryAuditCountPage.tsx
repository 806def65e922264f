import { useCallback, useState } from 'react';
import { z } from 'zod';
import { inventoryAuditStatus } from '../../../data/statuses';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { navMessages, type NavLabel } from '../../../lib/nav/messages';
import { useStatuses } from '../../../lib/status-vocabulary';
import { adminPaths } from '../../../lib/paths';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
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
import { auditMessages, type AuditKey } from '../messages';
import { auditTypes, findLine, type CountLine, type CountSheet, type ReviewLine } from '../schema';
import { useAuditToasts } from '../words';
import { ScrollBox } from '../../../ui/ScrollBox';

const LIST_PATH = adminPaths.inventoryAudits();


/**
 * inventory-audits/:id: the count screen. Counters count blind, line by line (bin, then item, then
 * the quantity; a keyboard-wedge scanner types into the code fields and ends with Enter); managers
 * and admins review the variances, ask for recounts and complete with reasons.
 */
export function InventoryAuditCountPage({ listPath = LIST_PATH, listLabel = 'nav.inventoryAudits' }: { listPath?: string; listLabel?: NavLabel } = {}) {
  const tenantId = useTenantId() ?? '';
  const t = useT(auditMessages);
  const nav = useT(navMessages);
  const messages = useAuditToasts();
  const full: RecordPageSource<CountSheet> = { mode: 'edit', load: getCountSheet, messages, loadingLabel: t('form.loading'), listPath, listLabel: nav(listLabel), scope: tenantId };
  const routed = useRoutedRecord(full);
  return (
    <RecordPageFrame source={full} routed={routed} title={t('count.title')} crumb={t('count.crumb')}>
      {(sheet) => sheet && <AuditScreen sheet={sheet} reload={routed.reload} />}
    </RecordPageFrame>
  );
}

function AuditScreen({ sheet, reload }: { sheet: CountSheet; reload: () => Promise<void> }) {
  const toast = useToast();
  const t = useT(auditMessages);
  const types = useStatuses(auditTypes);
  const format = useFormat();
  const serverWords = useServerWords();
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
      // The database's refusal (its details joined, a completion lists every line) in the user's language.
      toast.error(typeof error === 'object' && error !== null && 'message' in error ? refusalText(error, '; ', serverWords) : t('count.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="max-w-3xl space-y-6">
      <section aria-label={t('count.section')} className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">
            {t('count.heading', { type: types.label(sheet.audit.audit_type), warehouse: sheet.warehouse.name })}
          </h2>
          <StatusChip vocabulary={inventoryAuditStatus} status={sheet.audit.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <dt className="text-slate-600 dark:text-slate-400">{t('col.scheduled')}</dt>
          <dd>{format.date(sheet.audit.scheduled_date)}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t('count.created')}</dt>
          <dd>{t('count.createdValue', { when: format.dateTime(sheet.audit.created_at), who: sheet.audit.created_by_name ?? '—' })}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t('count.counted')}</dt>
          <dd>{t('count.progress', { counted, total: sheet.lines.length })}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t('col.completedBy')}</dt>
          <dd>{sheet.audit.completed_by_name ?? '—'}</dd>
        </dl>
        {sheet.audit.notes && <p className="text-sm">{sheet.audit.notes}</p>}
        <div className="flex flex-wrap gap-3 pt-2">
          {can('in_progress') && (
            <Button busy={busy} onClick={() => void run(() => moveAudit(sheet.id, 'in_progress'), t('count.started'))}>
              {t('count.start')}
            </Button>
          )}
          {can('cancelled') && (
            <Button variant="secondary" disabled={busy} onClick={() => setConfirmCancel(true)}>
              {t('count.cancel')}
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
        title={t('count.cancelTitle')}
        message={t('count.cancelMessage')}
        confirmLabel={t('count.cancel')}
        cancelLabel={t('count.keep')}
        destructive
        onConfirm={() => run(() => moveAudit(sheet.id, 'cancelled'), t('count.cancelled'))}
      />
    </div>
  );
}

/** The count form's messages are the catalogue's keys, shown in the page's language. */
const countSchema = z.object({
  bin: z.string().trim().min(1, { message: 'count.binRequired' }),
  item: z.string().trim().min(1, { message: 'count.itemRequired' }),
  counted: z.union([z.number(), z.null()], { error: 'count.quantityRequired' }).refine((value) => value !== null && Number.isInteger(value) && value >= 0, {
    message: 'count.quantityWhole',
  }),
});
const COUNT_MESSAGES: ReadonlySet<string> = new Set<AuditKey>(['count.binRequired', 'count.itemRequired', 'count.quantityRequired', 'count.quantityWhole']);
type CountInput = z.input<typeof countSchema>;
type CountOutput = z.output<typeof countSchema>;

/** One line at a time: the bin, the item (SKU or barcode), then what is on the shelf. */
function CountForm({ lines, onSaved }: { lines: readonly CountLine[]; onSaved: () => Promise<void> }) {
  const toast = useToast();
  const t = useT(auditMessages);
  const translate = useCallback((message: string) => (COUNT_MESSAGES.has(message) ? t(message as AuditKey) : message), [t]);
  const form = useZodForm(countSchema, { defaultValues: { bin: '', item: '', counted: null } }, translate);
  const next = lines.find((line) => line.counted_quantity === null);

  async function submit(values: CountOutput) {
    const line = findLine(lines, values.bin, values.item);
    if (!line) {
      form.setError('item', { type: 'server', message: t('count.notOnList') });
      return;
    }
    await saveCount(line.id, values.counted as number);
    toast.success(t('count.saved', { item: line.item_name, bin: line.bin_code }));
    form.reset({ bin: '', item: '', counted: null });
    await onSaved();
    form.setFocus('bin');
  }

  return (
    <section aria-labelledby="count-heading" className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="count-heading" className="text-base font-semibold">
        {t('count.lineHeading')}
      </h2>
      {next ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('count.next', { bin: next.bin_code, item: next.item_name, sku: next.sku })}
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('count.allCounted')}</p>
      )}
      <Form form={form} onSubmit={submit} className="space-y-4" aria-label={t('count.lineHeading')}>
        <BarcodeField<CountInput, 'bin'>
          name="bin"
          label={t('field.bin')}
          required
          placeholder={t('count.scanBin')}
          onScan={() => {
            form.setFocus('item');
          }}
        />
        <BarcodeField<CountInput, 'item'>
          name="item"
          label={t('field.item')}
          required
          placeholder={t('count.scanItem')}
          onScan={() => {
            form.setFocus('counted');
          }}
        />
        <NumberField<CountInput, 'counted'> name="counted" label={t('count.quantity')} required min={0} step={1} />
        <SubmitButton>{t('count.save')}</SubmitButton>
      </Form>
    </section>
  );
}

/** The lines to count, in walking order: bin, item, lot or serial; what was counted, never what is expected. */
function CountLines({ lines }: { lines: readonly CountLine[] }) {
  const t = useT(auditMessages);
  return (
    <section aria-labelledby="lines-heading" className="space-y-2">
      <h2 id="lines-heading" className="text-base font-semibold">
        {t('count.lines')}
      </h2>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span>
              <span className="font-mono">{line.bin_code}</span> · {line.item_name} <span className="text-slate-600 dark:text-slate-400">({line.sku})</span>
              {(line.lot_number || line.serial_number) && (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {line.lot_number ? t('count.lot', { lot: line.lot_number }) : ''} {line.serial_number ? t('count.serial', { serial: line.serial_number }) : ''}
                </span>
              )}
            </span>
            <span className="text-right">
              {line.counted_quantity === null ? <span className="text-slate-600 dark:text-slate-400">{t('count.notCounted')}</span> : <span>{t('count.countedValue', { quantity: line.counted_quantity })}</span>}
              {line.recount_round > 1 && <span className="block text-xs text-slate-600 dark:text-slate-400">{t('count.round', { round: line.recount_round })}</span>}
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
  const t = useT(auditMessages);
  const format = useFormat();
  const { state } = useRecordLoad(identityKey(sheet), () => getReview(sheet.id));
  // The reasons typed over the review they were typed on; a new review starts from its saved reasons.
  const [typed, setTyped] = useState<{ on: ReviewLine[]; reasons: Record<string, string> } | null>(null);
  const [threshold, setThreshold] = useState('0');
  const [confirmComplete, setConfirmComplete] = useState(false);

  if (state.status === 'failed') return <p role="alert">{state.error instanceof Error ? state.error.message : t('review.failed')}</p>;
  if (state.status !== 'ready') return <p role="status">{t('review.loading')}</p>;
  const lines = state.record;
  const reasons = typed?.on === lines ? typed.reasons : Object.fromEntries(lines.map((line) => [line.id, line.reason ?? '']));
  const setReasons = (next: Record<string, string>) => setTyped({ on: lines, reasons: next });
  const open = sheet.audit.status === 'in_progress';
  const variances = lines.filter((line) => (line.variance ?? 0) !== 0);

  return (
    <section aria-labelledby="review-heading" className="space-y-3">
      <h2 id="review-heading" className="text-base font-semibold">
        {t('review.heading')}
      </h2>
      <ScrollBox label={t('review.heading')}>
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-2 py-1">{t('field.bin')}</th>
                <th scope="col" className="px-2 py-1">{t('field.item')}</th>
                <th scope="col" className="px-2 py-1 text-right">{t('review.expected')}</th>
                <th scope="col" className="px-2 py-1 text-right">{t('count.counted')}</th>
                <th scope="col" className="px-2 py-1 text-right">{t('review.variance')}</th>
                <th scope="col" className="px-2 py-1">{t('review.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-2 py-1 font-mono">{line.bin_code}</td>
                  <td className="px-2 py-1">
                    {line.item_name}
                    {line.moved_while_open && <span className="block text-xs font-medium text-red-700 dark:text-red-300">{t('review.moved')}</span>}
                  </td>
                  <td className="px-2 py-1 text-right">{format.number(line.expected_quantity)}</td>
                  <td className="px-2 py-1 text-right">{line.counted_quantity === null ? '—' : format.number(line.counted_quantity)}</td>
                  <td className="px-2 py-1 text-right">{line.variance === null ? '—' : format.number(line.variance, { signDisplay: 'exceptZero' })}</td>
                  <td className="px-2 py-1">
                    {open && (line.variance ?? 0) !== 0 ? (
                      <TextField
                        label={t('review.reasonFor', { item: line.item_name, bin: line.bin_code })}
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
              <TextField label={t('review.threshold')} type="number" min={0} className="w-56" value={threshold} onChange={(event) => setThreshold(event.target.value)} />
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(() => requestRecount(sheet.id, Math.max(0, Number.parseInt(threshold, 10) || 0)), t('review.recounted'))}
              >
                {t('review.recount')}
              </Button>
            </>
          )}
          {sheet.actions.includes('completed') && (
            <Button disabled={busy} onClick={() => setConfirmComplete(true)}>
              {t('review.complete')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmComplete}
        onClose={() => setConfirmComplete(false)}
        title={t('review.completeTitle')}
        message={t('review.completeMessage', { count: variances.length })}
        confirmLabel={t('review.complete')}
        onConfirm={() =>
          run(
            () => moveAudit(sheet.id, 'completed', variances.map((line) => ({ line_id: line.id, reason: reasons[line.id] ?? '' }))),
            t('review.completed'),
          )
        }
      />
    </section>
  );
}

export default InventoryAuditCountPage;
