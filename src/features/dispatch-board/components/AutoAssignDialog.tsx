import { useState } from 'react';
import type { Solution } from '../../../lib/dispatch';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { BoardDelivery } from '../model';
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
      title="Auto-assign preview"
      description="Proposed for the unassigned deliveries shown, over the drivers on duty with a vehicle. Work already given to a driver stays where it is."
      size="xl"
      footer={
        result ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
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
              {count === 0 ? 'Nothing to assign' : `Assign ${count} ${count === 1 ? 'delivery' : 'deliveries'}`}
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
            {result.assigned.length} assigned{result.refused.length > 0 ? `, ${result.refused.length} refused by the database` : ''}.
          </p>
          {result.refused.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-red-700 dark:text-red-400" aria-label="Refused assignments">
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
            {count} {count === 1 ? 'delivery' : 'deliveries'} over {proposals.length} {proposals.length === 1 ? 'driver' : 'drivers'}, {formatKm(solution!.total_distance_km)} in all.
          </p>
          {proposals.map((route) => (
            <section key={route.driver_id} aria-label={`Plan for ${names.get(route.driver_id) ?? 'a driver'}`} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <h3 className="font-semibold">
                {names.get(route.driver_id) ?? 'Driver'} <span className="font-normal text-slate-500">· {formatKm(route.distance_km)} · gets {route.assigned_delivery_ids.map(code).join(', ')}</span>
              </h3>
              <ol className="mt-1 space-y-0.5">
                {route.stops.map((stop, i) => (
                  <li key={`${stop.delivery_id}-${stop.kind}-${i}`} className={stop.existing ? 'text-slate-500' : ''}>
                    {formatClock(stop.eta)} · {stop.kind === 'pickup' ? 'Pick up' : 'Drop off'} {code(stop.delivery_id)}
                    {stop.existing ? ' (already theirs)' : ''}
                    {stop.late_minutes > 0 ? ` · ${Math.round(stop.late_minutes)} min late` : ''}
                  </li>
                ))}
              </ol>
            </section>
          ))}
          {solution!.unassigned.length > 0 && (
            <section aria-label="Not placed">
              <h3 className="font-semibold">Not placed</h3>
              <ul className="list-disc pl-5">
                {solution!.unassigned.map((u) => (
                  <li key={u.delivery_id}>
                    {code(u.delivery_id)}: {u.message}
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
