import { useCallback, useState } from 'react';
import { useParams } from 'wouter';
import { pickOrderStatus } from '../../../data/statuses/pick-order';
import { useDocumentTitle } from '../../../lib/document-title';
import { dispatcherPaths } from '../../../lib/paths';
import { refusalText } from '../../../lib/refusal-text';
import { BarcodeScanner } from '../../../ui/BarcodeScanner';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { ErrorState } from '../../../ui/ErrorState';
import { NotFoundState } from '../../../ui/NotFoundState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { getFloorPick, movePick, recordPick } from '../api';
import { openLines, sameCode } from '../pick-route';

type Step = 'bin' | 'item' | 'quantity';

/**
 * The picker's screen (phone-sized): start the order (which reserves its lines), then bin by bin in
 * location-code order scan the bin, scan the item, confirm the quantity; Skip leaves a line for
 * later; fewer than asked records the line partially picked with a note; Complete when no line is
 * left. Scans come from a hardware scanner typing into the field (keyboard wedge) or the camera.
 */
export function FloorPickPage() {
  const { id = '' } = useParams<{ id: string }>();
  const load = useCallback(() => getFloorPick(id), [id]);
  const { state, retry, setRecord } = useRecordLoad(id ? `pick/${id}` : null, load);
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  const [step, setStep] = useState<Step>('bin');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = state.status === 'ready' ? `Pick ${state.record.order.reference_number}` : 'Pick order';
  useDocumentTitle(`${title} | Waypost`);

  const reload = async () => {
    const next = await getFloorPick(id);
    if (next) setRecord(next);
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      await reload();
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const crumbs = [{ label: 'Warehouse', href: dispatcherPaths.floor() }, { label: title }];
  if (state.status === 'loading') {
    return (
      <div className="mx-auto flex w-full max-w-md flex-col gap-3" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (state.status === 'missing') return <NotFoundState title="Pick order not found" />;
  if (state.status === 'failed') return <ErrorState title="Could not load the pick order" onRetry={retry} />;

  const pick = state.record;
  const remainingLines = openLines(pick, done);
  const current = remainingLines[0];
  const line = current === undefined ? undefined : pick.items[current];
  const left = line ? line.quantity - line.picked_quantity : 0;
  const { total_items: total, picked_items: picked } = pick.order.picking_progress;

  const nextLine = () => {
    setStep('bin');
    setQuantity('');
    setNote('');
    setProblem(null);
  };
  const confirm = () => {
    if (current === undefined || !line) return;
    const units = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || units > left) {
      setProblem(`Enter a whole number from 0 to ${left}`);
      return;
    }
    const short = units < left;
    if (short && !note.trim()) {
      setProblem('Say why fewer were picked');
      return;
    }
    const shortNote = short ? `${line.bin_name ?? ''} ${line.sku ?? line.name ?? ''}: picked ${units} of ${left}. ${note.trim()}` : null;
    void act(async () => {
      await recordPick(pick, current, line.picked_quantity + units, shortNote);
      if (short) setDone((before) => new Set(before).add(current));
      nextLine();
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <PageHeader title={title} breadcrumbs={crumbs} description={pick.warehouse ? `${pick.warehouse.name} (${pick.warehouse.code})` : undefined} />
      <div className="flex items-center justify-between gap-2">
        <StatusChip status={pick.order.status} vocabulary={pickOrderStatus} />
        <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="pick-progress">
          {picked} of {total} items picked
        </span>
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {problem}
        </p>
      )}

      {pick.order.status === 'pending' &&
        (pick.actions.includes('in_progress') ? (
          <Button busy={busy} onClick={() => void act(() => movePick(id, 'in_progress'))}>
            Start picking
          </Button>
        ) : (
          <p className="text-sm">Only the warehouse's pickers, supervisors and managers start this order.</p>
        ))}

      {pick.order.status === 'in_progress' && line && (
        <section aria-label="Next pick" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400">Next bin</p>
          <p className="font-mono text-2xl font-semibold" data-testid="next-bin">
            {line.bin_name}
          </p>
          <p>
            <span className="font-medium">{line.name}</span> <span className="text-sm text-slate-600 dark:text-slate-400">{line.sku}</span>
          </p>
          {line.order_reference && <p className="text-sm text-slate-600 dark:text-slate-400">For {line.order_reference}</p>}
          <p className="text-sm">
            Pick {left} of {line.quantity}
          </p>
          {step === 'bin' && (
            <BarcodeScanner
              key={`bin-${current}`}
              label="Scan the bin"
              autoFocus
              onScan={(code) => {
                if (!sameCode(code, line.bin_name)) return `Wrong bin: this line is in ${line.bin_name ?? 'another bin'}`;
                setStep('item');
                setProblem(null);
              }}
            />
          )}
          {step === 'item' && (
            <BarcodeScanner
              key={`item-${current}`}
              label="Scan the item"
              autoFocus
              onScan={(code) => {
                if (!sameCode(code, line.sku) && !sameCode(code, line.item_id)) return 'Wrong item for this line';
                setQuantity(String(left));
                setStep('quantity');
                setProblem(null);
              }}
            />
          )}
          {step === 'quantity' && (
            <>
              <TextField label="Quantity picked" inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
              {quantity.trim() !== '' && Number(quantity) < left && (
                <TextField label="Why fewer?" value={note} onChange={(event) => setNote(event.target.value)} help="Recorded on the order as a shortage" />
              )}
              <Button busy={busy} onClick={confirm}>
                Confirm pick
              </Button>
            </>
          )}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setDone((before) => new Set(before).add(current!));
              nextLine();
            }}
          >
            Skip
          </Button>
        </section>
      )}

      {pick.order.status === 'in_progress' && !line && (
        <section aria-label="All lines visited" className="flex flex-col gap-3">
          <p>Every line is picked, skipped or short.</p>
          {done.size > 0 && (
            <Button variant="secondary" disabled={busy} onClick={() => setDone(new Set())}>
              Go back to skipped lines
            </Button>
          )}
          <Button busy={busy} onClick={() => void act(() => movePick(id, 'completed'))}>
            Complete pick order
          </Button>
        </section>
      )}

      {pick.order.status === 'completed' && <p role="status">Pick order completed.</p>}
    </div>
  );
}
