import { useState } from 'react';
import type { Solution } from '../../../lib/dispatch';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { boardMessages } from '../messages';
import type { BoardDelivery } from '../model';
import { unassignedWords } from '../words';
import { formatClock, formatKm } from './format';

export interface CommitResult {
  assigned: string[];
  refused: { code: string; reason: string }[];
}

interface AutoAssignDialogProps {
  /** The plan, or why there is none. */
  plan: { solution: Solution } | { error: string };
  deliveries: ReadonlyMap<string, BoardDelivery>;
  names: ReadonlyMap<string, string>;
  onClose: () => void;
  onCommit: (solution: Solution) => Promise<CommitResult>;
}

/** Auto-assign's preview (who gets what, estimated arrival per stop, total distance) and its commit on confirm. */
export function AutoAssignDialog({ plan, deliveries, names, onClose, onCommit }: AutoAssignDialogProps) {
  const t = useT(boardMessages);
  const format = useFormat();
  const language = format.language;
  const [result, setResult] = useState<CommitResult | null>(null);
  const [busy, setBusy] = useState(false);
  const code = (id: string) => deliveries.get(id)?.delivery_code ?? id;
  const solution = 'solution' in plan ? plan.solution : null;
  const proposals = solution ? solution.routes.filter((r) => r.assigned_delivery_ids.length > 0) : [];
  const count = proposals.reduce((n, r) => n + r.assigned_delivery_ids.length, 0);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('auto.title')}
      description={t('auto.description')}
      size="xl"
      footer={
        result ? (
          <Button onClick={onClose}>{t('auto.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('assign.cancel')}
            </Button>
            <Button
              busy={busy}
              disabled={count === 0}
              onClick={() => {
                if (!solution) return;
                setBusy(true);
                void onCommit(solution).then((r) => {
                  setBusy(false);
                  setResult(r);
                });
              }}
            >
              {count === 0 ? t('auto.nothingToAssign') : t('assign.count', { count })}
            </Button>
          </>
        )
      }
    >
      {'error' in plan ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {plan.error}
        </p>
      ) : result ? (
        <div className="space-y-2 text-sm" data-testid="auto-assign-result">
          <p role="status">
            {t('auto.result', { assigned: result.assigned.length, refused: result.refused.length })}
          </p>
          {result.refused.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-red-700 dark:text-red-400" aria-label={t('auto.refusedList')}>
              {result.refused.map((r) => (
                <li key={r.code}>
                  {r.code}: {r.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className="space-y-4 text-sm">
          <p data-testid="auto-assign-summary">
            {t('auto.summary', { count, drivers: proposals.length, distance: formatKm(solution!.total_distance_km, language) })}
          </p>
          {proposals.map((route) => (
            <section key={route.driver_id} aria-label={t('auto.planFor', { name: names.get(route.driver_id) ?? t('auto.aDriver') })} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <h3 className="font-semibold">
                {names.get(route.driver_id) ?? t('driver.fallback')}{' '}
                <span className="font-normal text-slate-500">{t('auto.gets', { distance: formatKm(route.distance_km, language), codes: route.assigned_delivery_ids.map(code).join(', ') })}</span>
              </h3>
              <ol className="mt-1 space-y-0.5">
                {route.stops.map((stop, i) => (
                  <li key={`${stop.delivery_id}-${stop.kind}-${i}`} className={stop.existing ? 'text-slate-500' : ''}>
                    {t('auto.stop', {
                      time: formatClock(stop.eta, undefined, language),
                      kind: stop.kind === 'pickup' ? 'pickup' : 'dropoff',
                      code: code(stop.delivery_id),
                      existing: stop.existing ? 'yes' : 'no',
                      late: stop.late_minutes > 0 ? Math.round(stop.late_minutes) : 0,
                    })}
                  </li>
                ))}
              </ol>
            </section>
          ))}
          {solution!.unassigned.length > 0 && (
            <section aria-label={t('auto.notPlaced')}>
              <h3 className="font-semibold">{t('auto.notPlaced')}</h3>
              <ul className="list-disc pl-5">
                {solution!.unassigned.map((u) => (
                  <li key={u.delivery_id}>
                    {code(u.delivery_id)}: {unassignedWords(t, format, u.why)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}
