import { useCallback, useState } from 'react';
import { useParams } from 'wouter';
import { receiveOrderStatus } from '../../../data/statuses/receive-order';
import { useDocumentTitle } from '../../../lib/document-title';
import { dispatcherPaths } from '../../../lib/paths';
import { refusalText } from '../../../lib/refusal-text';
import { useTenantId } from '../../../lib/tenant';
import { BarcodeScanner } from '../../../ui/BarcodeScanner';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { ErrorState } from '../../../ui/ErrorState';
import { NotFoundState } from '../../../ui/NotFoundState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { findLocationsByCode, getFloorReceive, itemCodeExists, receiveLine, type FloorReceiveLine } from '../api';
import { sameCode } from '../pick-route';
import { binScanProblem, openReceiveLines } from '../receive-route';

type Step = 'bin' | 'item' | 'quantity';

const SUGGESTION_REASONS: Record<string, string> = {
  target: 'the bin this line is planned for',
  holds_item: 'already holds this item',
  empty: 'an empty bin',
};

/**
 * The receiver's screen (phone-sized): line by line, scan or type the bin (the database suggests
 * one), the item (its SKU or barcode), confirm the quantity (the rest expected by default) and the
 * line's lot or serial; each confirmation receives through the database's receive function, which
 * moves the order to partially received, then received. Skip leaves a line for later.
 */
export function FloorReceivePage() {
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
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = state.status === 'ready' ? `Receive ${state.record.order.receive_code}` : 'Receive order';
  useDocumentTitle(`${title} | Waypost`);

  const crumbs = [{ label: 'Warehouse', href: dispatcherPaths.floor() }, { label: title }];
  if (state.status === 'loading') {
    return (
      <div className="mx-auto flex w-full max-w-md flex-col gap-3" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (state.status === 'missing') return <NotFoundState title="Receive order not found" />;
  if (state.status === 'failed') return <ErrorState title="Could not load the receive order" onRetry={retry} />;

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
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const scanBin = (code: string) => {
    void run(async () => {
      const found = findProblem(binScanProblem(code, order.warehouse_id, order.warehouse_name, await findLocationsByCode(tenantId!, code)));
      if (found) {
        setBin(found);
        setStep('item');
      }
    });
  };
  const findProblem = (verdict: ReturnType<typeof binScanProblem>) => {
    if ('problem' in verdict) {
      setProblem(verdict.problem);
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
      setProblem(known ? `Wrong item: this line is for ${line.item?.sku ?? 'another item'}` : `No item has the code ${code.trim()}`);
    });
  };
  const confirm = () => {
    if (!line || !bin) return;
    const units = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || units <= 0) {
      setProblem('Quantity must be a whole number above 0');
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
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <PageHeader title={title} breadcrumbs={crumbs} description={`${order.supplier_name} · ${order.warehouse_name}`} />
      <div className="flex items-center justify-between gap-2">
        <StatusChip status={order.status} vocabulary={receiveOrderStatus} />
        <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="receive-progress">
          {order.received_total} of {order.expected_total} units received
        </span>
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {problem}
        </p>
      )}

      {!receiving && order.status !== 'received' && <p className="text-sm">Only an ordered receive order can be received; this one is {receiveOrderStatus.label(order.status)}.</p>}
      {order.status === 'received' && <p role="status">Receive order received.</p>}

      {receiving && line && (
        <section aria-label="Next line" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p>
            <span className="font-medium">{line.item?.name ?? 'Item'}</span>{' '}
            <span className="text-sm text-slate-600 dark:text-slate-400">{line.item?.sku}</span>
          </p>
          <p className="text-sm">
            Receive {left} of {line.expected_quantity}
            {line.lot_number ? ` · Lot ${line.lot_number}` : ''}
            {line.serial_number ? ` · Serial ${line.serial_number}` : ''}
          </p>
          {line.suggestion ? (
            <p className="text-sm">
              Put away in <span className="font-mono text-lg font-semibold" data-testid="suggested-bin">{line.suggestion.bin_code}</span>{' '}
              <span className="text-slate-600 dark:text-slate-400">({SUGGESTION_REASONS[line.suggestion.reason] ?? 'suggested'})</span>
            </p>
          ) : (
            <p className="text-sm">No bin to suggest: choose an active bin of {order.warehouse_name}.</p>
          )}
          {step === 'bin' && <BarcodeScanner key={`bin-${line.id}`} label="Scan the bin" autoFocus disabled={busy} onScan={scanBin} />}
          {step !== 'bin' && bin && (
            <p className="text-sm">
              Into bin <span className="font-mono font-semibold">{bin.code}</span>{' '}
              <Button variant="secondary" className="ml-2" disabled={busy} onClick={startLine}>
                Change bin
              </Button>
            </p>
          )}
          {step === 'item' && <BarcodeScanner key={`item-${line.id}`} label="Scan the item" autoFocus disabled={busy} onScan={scanItem} />}
          {step === 'quantity' && (
            <>
              <TextField label="Quantity received" inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
              {line.lot_number !== null && <TextField label="Lot number" value={lot} onChange={(event) => setLot(event.target.value)} />}
              {line.serial_number !== null && <TextField label="Serial number" value={serial} onChange={(event) => setSerial(event.target.value)} />}
              <Button busy={busy} onClick={confirm}>
                Confirm receipt
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
            Skip
          </Button>
        </section>
      )}

      {receiving && !line && (
        <section aria-label="All lines visited" className="flex flex-col gap-3">
          <p>Every line still to receive was skipped.</p>
          <Button variant="secondary" onClick={() => setSkipped(new Set())}>
            Go back to skipped lines
          </Button>
        </section>
      )}
    </div>
  );
}
