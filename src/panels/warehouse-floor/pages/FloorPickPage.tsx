import { useCallback, useState } from 'react';
import { useParams } from 'wouter';
import { pickOrderStatus } from '../../../data/statuses/pick-order';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n/catalogue';
import { dispatcherPaths } from '../../../lib/paths';
import { BarcodeScanner } from '../../../ui/BarcodeScanner';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { TextField } from '../../../ui/TextField';
import { useRecordLoad } from '../../../lib/use-record-load';
import { getFloorPick, movePick, recordPick } from '../api';
import { FloorTask, floorTaskPending, useFloorWork } from '../components/FloorTask';
import { floorMessages } from '../messages';
import { openLines, sameCode } from '../pick-route';

type Step = 'bin' | 'item' | 'quantity';

/**
 * The picker's screen (phone-sized): start the order (which reserves its lines), then bin by bin in
 * location-code order scan the bin, scan the item, confirm the quantity; Skip leaves a line for
 * later; fewer than asked records the line partially picked with a note; Complete when no line is
 * left. Scans come from a hardware scanner typing into the field (keyboard wedge) or the camera.
 */
export function FloorPickPage() {
  const t = useT(floorMessages);
  const { id = '' } = useParams<{ id: string }>();
  const load = useCallback(() => getFloorPick(id), [id]);
  const { state, retry, setRecord } = useRecordLoad(id ? `pick/${id}` : null, load);
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  const [step, setStep] = useState<Step>('bin');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const { problem, setProblem, busy, run } = useFloorWork();
  const title = state.status === 'ready' ? t('pick.title', { reference: state.record.order.reference_number }) : t('pick.untitled');
  useDocumentTitle(`${title} | Waypost`);

  const reload = async () => {
    const next = await getFloorPick(id);
    if (next) setRecord(next);
  };
  const act = (work: () => Promise<void>) =>
    run(async () => {
      await work();
      await reload();
    });

  const crumbs = [{ label: t('home.title'), href: dispatcherPaths.floor() }, { label: title }];
  if (state.status !== 'ready') return floorTaskPending(state, retry, { loading: t('pick.loading'), notFound: t('pick.notFound'), loadFailed: t('pick.loadFailed') });

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
      setProblem(t('pick.quantityProblem', { left }));
      return;
    }
    const short = units < left;
    if (short && !note.trim()) {
      setProblem(t('pick.whyRequired'));
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
    <FloorTask
      title={title}
      crumbs={crumbs}
      description={pick.warehouse ? t('pick.warehouse', { name: pick.warehouse.name, code: pick.warehouse.code }) : undefined}
      status={<StatusChip status={pick.order.status} vocabulary={pickOrderStatus} />}
      progress={t('pick.progress', { picked, total })}
      progressTestId="pick-progress"
      problem={problem}
    >
      {pick.order.status === 'pending' &&
        (pick.actions.includes('in_progress') ? (
          <Button busy={busy} onClick={() => void act(() => movePick(id, 'in_progress'))}>
            {t('pick.start')}
          </Button>
        ) : (
          <p className="text-sm">{t('pick.cannotStart')}</p>
        ))}

      {pick.order.status === 'in_progress' && line && (
        <section aria-label={t('pick.next')} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('pick.nextBin')}</p>
          <p className="font-mono text-2xl font-semibold" data-testid="next-bin">
            {line.bin_name}
          </p>
          <p>
            <span className="font-medium">{line.name}</span> <span className="text-sm text-slate-600 dark:text-slate-400">{line.sku}</span>
          </p>
          {line.order_reference && <p className="text-sm text-slate-600 dark:text-slate-400">For {line.order_reference}</p>}
          <p className="text-sm">
            {t('pick.left', { left, quantity: line.quantity })}
          </p>
          {step === 'bin' && (
            <BarcodeScanner
              key={`bin-${current}`}
              label={t('pick.scanBin')}
              autoFocus
              onScan={(code) => {
                if (!sameCode(code, line.bin_name)) return line.bin_name ? t('pick.wrongBin', { bin: line.bin_name }) : t('pick.wrongBinUnknown');
                setStep('item');
                setProblem(null);
              }}
            />
          )}
          {step === 'item' && (
            <BarcodeScanner
              key={`item-${current}`}
              label={t('pick.scanItem')}
              autoFocus
              onScan={(code) => {
                if (!sameCode(code, line.sku) && !sameCode(code, line.item_id)) return t('pick.wrongItem');
                setQuantity(String(left));
                setStep('quantity');
                setProblem(null);
              }}
            />
          )}
          {step === 'quantity' && (
            <>
              <TextField label={t('pick.quantity')} inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
              {quantity.trim() !== '' && Number(quantity) < left && (
                <TextField label={t('pick.why')} value={note} onChange={(event) => setNote(event.target.value)} help={t('pick.whyHelp')} />
              )}
              <Button busy={busy} onClick={confirm}>
                {t('pick.confirm')}
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
            {t('pick.skip')}
          </Button>
        </section>
      )}

      {pick.order.status === 'in_progress' && !line && (
        <section aria-label={t('pick.allVisited')} className="flex flex-col gap-3">
          <p>{t('pick.allDone')}</p>
          {done.size > 0 && (
            <Button variant="secondary" disabled={busy} onClick={() => setDone(new Set())}>
              {t('pick.backToSkipped')}
            </Button>
          )}
          <Button busy={busy} onClick={() => void act(() => movePick(id, 'completed'))}>
            {t('pick.complete')}
          </Button>
        </section>
      )}

      {pick.order.status === 'completed' && <p role="status">{t('pick.completed')}</p>}
    </FloorTask>
  );
}
