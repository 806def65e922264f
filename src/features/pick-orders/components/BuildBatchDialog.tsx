import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { warehouseLookup } from '../../../data/warehouses';
import { useT } from '../../../lib/i18n/catalogue';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords, type ServerWords } from '../../../lib/server-messages/server-words';
import type { ServerErrorResult } from '../../../lib/server-errors';
import { useTenantSettings, type TenantSettings } from '../../../lib/tenant-settings';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Form, LookupField, MultiSelectField, NumberField, SelectField, SubmitButton, useZodForm } from '../../../ui/form';
import { uiMessages } from '../../../ui/messages';
import { useToast } from '../../../ui/toast';
import { buildPickBatch, listBatchCandidates } from '../api';
import { BATCH_CAPS, buildBatchSchema, emptyBuildBatch, previewTotals, splitOrders, toBuildArgs, type BatchCandidate, type BuildBatchArgs, type BuildBatchInput, type BuildBatchOutput, type BuildBatchResult } from '../batch';
import { pickOrderMessages } from '../messages';

export interface BuildBatchDialogProps {
  open: boolean;
  tenantId: string;
  /** The list's warehouse filter, if any: the dialog starts there. */
  warehouseId?: string | null;
  onClose: () => void;
  /** After a build: the batches made (the first one is opened). */
  onBuilt: (result: BuildBatchResult) => void;
}

/** "Build batch / wave": warehouse, type, grouping, caps, the pending orders to gather, a preview, then Build. */
export function BuildBatchDialog({ open, tenantId, warehouseId, onClose, onBuilt }: BuildBatchDialogProps) {
  const t = useT(pickOrderMessages);
  const ui = useT(uiMessages);
  // The caps open on the tenant's defaults (settings.picking); the house's when its settings cannot be read.
  const settings = useTenantSettings();
  return (
    <Dialog open={open} onClose={onClose} title={t('batch.title')} description={t('batch.description')} size="lg">
      {open &&
        (settings.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {ui('loading')}
          </p>
        ) : (
          <BuildBatchForm
            tenantId={tenantId}
            warehouseId={warehouseId ?? ''}
            caps={settings.status === 'ready' ? settings.settings.picking : undefined}
            onClose={onClose}
            onBuilt={onBuilt}
          />
        ))}
    </Dialog>
  );
}

type Candidates = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; rows: BatchCandidate[] } | { status: 'failed'; message: string };
type Preview = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; result: BuildBatchResult } | { status: 'refused'; message: string };

function BuildBatchForm({
  tenantId,
  warehouseId: initialWarehouse,
  caps,
  onClose,
  onBuilt,
}: {
  tenantId: string;
  warehouseId: string;
  caps: TenantSettings['picking'] | undefined;
  onClose: () => void;
  onBuilt: BuildBatchDialogProps['onBuilt'];
}) {
  const t = useT(pickOrderMessages);
  const toast = useToast();
  const serverWords = useServerWords();
  const schema = useMemo(() => buildBatchSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: emptyBuildBatch(initialWarehouse, caps) });
  const values = useWatch({ control: form.control }) as BuildBatchInput;
  const warehouseId = values.warehouse_id ?? '';
  // The warehouse's pending individual orders, all chosen at first. Another warehouse reads as
  // loading until its own answer (a request for the one before is aborted).
  useEffect(() => {
    if (!warehouseId) form.setValue('pick_order_ids', []);
  }, [form, warehouseId]);
  const loaded = useRecordLoad<BatchCandidate[]>(warehouseId ? `${tenantId}/${warehouseId}` : null, (signal) => listBatchCandidates(tenantId, warehouseId, signal), {
    loadingOnNewKey: true,
    onLoad: (rows) => form.setValue('pick_order_ids', (rows ?? []).map((row) => row.id)),
  }).state;
  const candidates: Candidates = !warehouseId
    ? { status: 'idle' }
    : loaded.status === 'loading'
      ? { status: 'loading' }
      : loaded.status === 'failed'
        ? { status: 'failed', message: errorText(loaded.error, serverWords) }
        : { status: 'ready', rows: loaded.status === 'ready' ? loaded.record : [] };

  // The preview: the database's own plan for the values (dry run), once they are valid and have
  // held still for a moment; values changed since read as previewing until their own plan.
  const parsed = schema.safeParse(values);
  const previewKey = parsed.success ? JSON.stringify(toBuildArgs(parsed.data, true)) : null;
  const planned = useRecordLoad<BuildBatchResult>(
    previewKey,
    async (signal) => {
      await settle(PREVIEW_SETTLE_MS, signal);
      return buildPickBatch(JSON.parse(previewKey ?? 'null') as BuildBatchArgs);
    },
    { loadingOnNewKey: true },
  ).state;
  const preview: Preview =
    previewKey === null
      ? { status: 'idle' }
      : planned.status === 'ready'
        ? { status: 'ready', result: planned.record }
        : planned.status === 'failed'
          ? { status: 'refused', message: errorText(planned.error, serverWords) }
          : { status: 'loading' };

  async function submit(output: BuildBatchOutput) {
    const result = await buildPickBatch(toBuildArgs(output, false));
    const first = result.batches[0];
    toast.success(
      result.batches.length === 1 && first?.reference_number
        ? t('batch.built', { type: output.order_type, reference: first.reference_number })
        : t('batch.builtMany', { count: result.batches.length }),
    );
    // A wave's split orders: each named with the new order its other lines went to.
    for (const split of splitOrders(result)) {
      toast.show(split.split ? t('batch.splitDone', { reference: split.reference, lines: split.lines, split: split.split }) : t('batch.split', { reference: split.reference, lines: split.lines }));
    }
    onBuilt(result);
  }

  function failed(error: unknown, result: ServerErrorResult) {
    toast.error(t('batch.failed'));
    const message = result.unmatched ?? (error instanceof Error ? error.message : '');
    if (message) toast.error(message);
  }

  const orderOptions = candidates.status === 'ready' ? candidates.rows.map((row) => ({ value: row.id, label: t('batch.order', { reference: candidateLabel(row), lines: row.line_count }) })) : [];

  return (
    <Form form={form} onSubmit={submit} onServerError={failed} className="space-y-4" aria-label={t('batch.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <LookupField<BuildBatchInput, 'warehouse_id'> name="warehouse_id" label={t('batch.warehouse')} required lookup={warehouseLookup(tenantId)} placeholder={t('batch.searchWarehouses')} />
        <SelectField<BuildBatchInput, 'order_type'>
          name="order_type"
          label={t('batch.type')}
          options={[
            { value: 'batch', label: t('batch.type.batch') },
            { value: 'wave', label: t('batch.type.wave') },
          ]}
        />
        <SelectField<BuildBatchInput, 'group_by'>
          name="group_by"
          label={t('batch.groupBy')}
          options={[
            { value: 'zone', label: t('batch.groupBy.zone') },
            { value: 'item', label: t('batch.groupBy.item') },
          ]}
        />
        <div className="grid grid-cols-2 gap-4">
          <NumberField<BuildBatchInput, 'max_orders'> name="max_orders" label={t('batch.maxOrders')} step={1} min={BATCH_CAPS.orders.min} max={BATCH_CAPS.orders.max} />
          <NumberField<BuildBatchInput, 'max_lines'> name="max_lines" label={t('batch.maxLines')} step={1} min={BATCH_CAPS.lines.min} max={BATCH_CAPS.lines.max} />
        </div>
      </div>

      {candidates.status === 'idle' && <p className="text-sm text-slate-600 dark:text-slate-400">{t('batch.chooseWarehouse')}</p>}
      {candidates.status === 'loading' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('batch.loadingOrders')}
        </p>
      )}
      {candidates.status === 'failed' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {candidates.message}
        </p>
      )}
      {candidates.status === 'ready' &&
        (candidates.rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('batch.noOrders')}</p>
        ) : (
          <div className="space-y-2">
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => form.setValue('pick_order_ids', candidates.rows.map((row) => row.id), { shouldValidate: true })}>
                {t('batch.selectAll')}
              </Button>
              <Button variant="secondary" onClick={() => form.setValue('pick_order_ids', [], { shouldValidate: true })}>
                {t('batch.clear')}
              </Button>
            </div>
            <div className="max-h-48 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <MultiSelectField<BuildBatchInput, 'pick_order_ids'> name="pick_order_ids" label={t('batch.orders')} options={orderOptions} />
            </div>
          </div>
        ))}

      <section aria-label={t('batch.preview')} aria-live="polite" className="space-y-1 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <h3 className="font-medium">{t('batch.preview')}</h3>
        <PreviewBody preview={preview} />
      </section>

      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onClose}>
          {t('batch.cancel')}
        </Button>
        <SubmitButton disabled={preview.status !== 'ready'}>{t('batch.confirm')}</SubmitButton>
      </div>
    </Form>
  );
}

/** How long the values hold still before the preview asks the database. */
const PREVIEW_SETTLE_MS = 250;

/** Resolves after `ms`, or rejects at once when `signal` aborts (the values changed again). */
function settle(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A refusal in the user's language (buildPickBatch keeps the key of the database's words; the English when a key is unknown). */
function errorText(error: unknown, serverWords: ServerWords): string {
  return error instanceof Error ? refusalText(error, '; ', serverWords) : String(error);
}

function candidateLabel(row: BatchCandidate): string {
  return row.external_reference ? `${row.reference_number} (${row.external_reference})` : row.reference_number;
}

function PreviewBody({ preview }: { preview: Preview }) {
  // Why an order is left out, by its key in the user's language (the database's English for a key this build does not know).
  const serverWords = useServerWords();
  const t = useT(pickOrderMessages);
  if (preview.status === 'idle') return <p className="text-slate-600 dark:text-slate-400">—</p>;
  if (preview.status === 'loading') return <p className="text-slate-600 dark:text-slate-400">{t('batch.previewing')}</p>;
  if (preview.status === 'refused') return <p className="text-red-700 dark:text-red-300">{preview.message}</p>;
  const totals = previewTotals(preview.result);
  return (
    <>
      <p data-testid="batch-preview-summary">{t('batch.previewSummary', totals)}</p>
      <ul className="list-disc space-y-1 pl-5">
        {preview.result.batches.map((batch, index) => (
          <li key={index}>
            {t('batch.previewBatch', { group: batch.group_label, orders: batch.order_count, lines: batch.line_count })}
            <span className="block text-xs text-slate-600 dark:text-slate-400">{batch.orders.map((order) => order.reference_number).join(', ')}</span>
          </li>
        ))}
      </ul>
      {splitOrders(preview.result).map((split) => (
        <p key={split.reference} data-testid="batch-preview-split" className="text-slate-700 dark:text-slate-300">
          {t('batch.split', { reference: split.reference, lines: split.lines })}
        </p>
      ))}
      {preview.result.left_out.map((order) => (
        <p key={order.id} className="text-amber-800 dark:text-amber-300">
          {t('batch.leftOut', { reference: order.reference_number, reason: (order.key && serverWords(order.key, order.params)) || order.reason })}
        </p>
      ))}
    </>
  );
}
