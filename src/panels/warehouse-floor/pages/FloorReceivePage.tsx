import { useCallback, useState } from 'react';
import { useParams } from 'wouter';
import { receiveOrderStatus } from '../../../data/statuses/receive-order';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n/catalogue';
import { useStatuses } from '../../../lib/status-vocabulary';
import { dispatcherPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { BarcodeScanner } from '../../../ui/BarcodeScanner';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { TextField } from '../../../ui/TextField';
import { useRecordLoad } from '../../../lib/use-record-load';
import { findLocationsByCode, getFloorReceive, itemCodeExists, receiveLine, type FloorReceiveLine } from '../api';
import { FloorTask, floorTaskPending, useFloorWork } from '../components/FloorTask';
import { sameCode } from '../pick-route';
import { floorMessages } from '../messages';
import { binScanProblem, openReceiveLines } from '../receive-route';

type Step = 'bin' | 'item' | 'quantity';

type FloorKey = keyof typeof floorMessages.en;

const SUGGESTION_REASONS: Record<string, FloorKey> = {
  target: 'suggestion.target',
  holds_item: 'suggestion.holds_item',
  empty: 'suggestion.empty',
};
/**
 * The receiver's screen (phone-sized): line by line, scan or type the bin (the database suggests
 * one), the item (its SKU or barcode), confirm the quantity (the rest expected by default) and the
 * line's lot or serial; each confirmation receives through the database's receive function, which
 * moves the order to partially received, then received. Skip leaves a line for later.
 */
export function FloorReceivePage() {
  const t = useT(floorMessages);
  // The status in the screen's language; a status this build does not know shows as itself.
  const statuses = useStatuses(receiveOrderStatus);
  const { id = '' } = useParams<{ id: string }>();
  const tenantId = useTenantId();
  const load = useCallback(() => getFloorReceive(tenantId!, id), [tenantId, id]);
  const { state, retry, setRecord } = useRecordLoad(tenantId && id ? `receive/${tenantId}/${id}` : null, load);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [step, setStep] = useState<Step>('bin');
  const [bin, setBin] = useState<{ id: string; code: string } | null>(null);
  const [quantity, setQuantity] = useState('');
  const [lot, setLot] = useState('');
  const [serial, setSerial] = useState('');
  const { problem, setProblem, busy, run } = useFloorWork();
  const title = state.status === 'ready' ? t('receive.title', { code: state.record.order.receive_code }) : t('receive.untitled');
  useDocumentTitle(`${title} | Waypost`);

  const crumbs = [{ label: t('receive.warehouse'), href: dispatcherPaths.floor() }, { label: title }];
  if (state.status !== 'ready') return floorTaskPending(state, retry, { loading: t('receive.loading'), notFound: t('receive.notFound'), loadFailed: t('receive.loadFailed') });

  const receipt = state.record;
  const { order } = receipt;
  const receiving = order.status === 'ordered' || order.status === 'partially_received';
  const line: FloorReceiveLine | undefined = openReceiveLines(receipt.lines, skipped)[0];
  const left = line ? line.expected_quantity - line.received_quantity : 0;

  const startLine = () => {
    setStep('bin');
    setBin(null);
    setQuantity('');
    setLot('');
    setSerial('');
  };

  const scanBin = (code: string) => {
    void run(async () => {
      const found = findProblem(binScanProblem(code, order.warehouse_id, order.warehouse_name, await findLocationsByCode(tenantId!, order.warehouse_id, code)));
      if (found) {
        setBin(found);
        setStep('item');
      }
    });
  };
  const findProblem = (verdict: ReturnType<typeof binScanProblem>) => {
    if ('problem' in verdict) {
      setProblem(t(verdict.problem.key, verdict.problem.values));
      return null;
    }
    return verdict.bin;
  };
  const scanItem = (code: string) => {
    if (!line) return;
    if (sameCode(code, line.item?.sku) || sameCode(code, line.item?.barcode)) {
      setQuantity(String(left));
      setLot(line.lot_number ?? '');
      setSerial(line.serial_number ?? '');
      setStep('quantity');
      setProblem(null);
      return;
    }
    void run(async () => {
      const known = await itemCodeExists(tenantId!, code);
      const sku = line.item?.sku;
      setProblem(known ? (sku ? t('problem.wrongItem', { sku }) : t('problem.wrongItemUnknown')) : t('problem.unknownItem', { code: code.trim() }));
    });
  };
  const confirm = () => {
    if (!line || !bin) return;
    const units = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || units <= 0) {
      setProblem(t('problem.quantity'));
      return;
    }
    void run(async () => {
      await receiveLine(line.id, units, bin.id, lot.trim() || null, serial.trim() || null);
      const next = await getFloorReceive(tenantId!, id);
      if (next) setRecord(next);
      startLine();
    });
  };

  return (
    <FloorTask
      title={title}
      crumbs={crumbs}
      description={t('receive.from', { supplier: order.supplier_name, warehouse: order.warehouse_name })}
      status={<StatusChip status={order.status} vocabulary={statuses} />}
      progress={t('receive.progress', { received: order.received_total, expected: order.expected_total })}
      progressTestId="receive-progress"
      problem={problem}
    >
      {!receiving && order.status !== 'received' && <p className="text-sm">{t('receive.notReceivable', { status: statuses.label(order.status) })}</p>}
      {order.status === 'received' && <p role="status">{t('receive.done')}</p>}

      {receiving && line && (
        <section aria-label={t('receive.nextLine')} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p>
            <span className="font-medium">{line.item?.name ?? t('receive.item')}</span>{' '}
            <span className="text-sm text-slate-600 dark:text-slate-400">{line.item?.sku}</span>
          </p>
          <p className="text-sm">
            {t('receive.left', { left, expected: line.expected_quantity })}
            {line.lot_number ? t('receive.lot', { lot: line.lot_number }) : ''}
            {line.serial_number ? t('receive.serial', { serial: line.serial_number }) : ''}
          </p>
          {line.suggestion ? (
            <p className="text-sm">
              {t.rich('receive.putAway', {
                bin: line.suggestion.bin_code,
                reason: t(SUGGESTION_REASONS[line.suggestion.reason] ?? 'suggestion.other'),
                mono: (chunks) => (
                  <span className="font-mono text-lg font-semibold" data-testid="suggested-bin">
                    {chunks}
                  </span>
                ),
                muted: (chunks) => <span className="text-slate-600 dark:text-slate-400">{chunks}</span>,
              })}
            </p>
          ) : (
            <p className="text-sm">{t('receive.noSuggestion', { warehouse: order.warehouse_name })}</p>
          )}
          {step === 'bin' && <BarcodeScanner key={`bin-${line.id}`} label={t('receive.scanBin')} autoFocus disabled={busy} onScan={scanBin} />}
          {step !== 'bin' && bin && (
            <p className="text-sm">
              {t.rich('receive.intoBin', { bin: bin.code, mono: (chunks) => <span className="font-mono font-semibold">{chunks}</span> })}{' '}
              <Button variant="secondary" className="ml-2" disabled={busy} onClick={startLine}>
                {t('receive.changeBin')}
              </Button>
            </p>
          )}
          {step === 'item' && <BarcodeScanner key={`item-${line.id}`} label={t('receive.scanItem')} autoFocus disabled={busy} onScan={scanItem} />}
          {step === 'quantity' && (
            <>
              <TextField label={t('receive.quantity')} inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
              {line.lot_number !== null && <TextField label={t('receive.lotNumber')} value={lot} onChange={(event) => setLot(event.target.value)} />}
              {line.serial_number !== null && <TextField label={t('receive.serialNumber')} value={serial} onChange={(event) => setSerial(event.target.value)} />}
              <Button busy={busy} onClick={confirm}>
                {t('receive.confirm')}
              </Button>
            </>
          )}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setSkipped((before) => new Set(before).add(line.id));
              startLine();
              setProblem(null);
            }}
          >
            {t('receive.skip')}
          </Button>
        </section>
      )}

      {receiving && !line && (
        <section aria-label={t('receive.allVisited')} className="flex flex-col gap-3">
          <p>{t('receive.allSkipped')}</p>
          <Button variant="secondary" onClick={() => setSkipped(new Set())}>
            {t('receive.backToSkipped')}
          </Button>
        </section>
      )}
    </FloorTask>
  );
}
