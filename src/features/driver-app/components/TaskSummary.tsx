import { addressLine, formatMoney, formatWindow } from '../format';
import type { DriverTask } from '../schema';

/** Pickup and drop-off with their windows, the packages and the cash to collect: what every card shows. */
export function TaskSummary({ task }: { task: DriverTask }) {
  const pickupWindow = formatWindow(task.pickup_window_start, task.pickup_window_end);
  const dropoffWindow = formatWindow(task.dropoff_window_start, task.dropoff_window_end);
  const packages = task.packages.filter((p) => p.description);
  return (
    <dl className="grid gap-2 text-sm">
      <div>
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Pickup</dt>
        <dd>
          {addressLine(task.pickup_address)}
          {pickupWindow && <span className="block text-slate-600 dark:text-slate-400">{pickupWindow}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Drop-off</dt>
        <dd>
          {addressLine(task.dropoff_address)}
          {dropoffWindow && <span className="block text-slate-600 dark:text-slate-400">{dropoffWindow}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Packages</dt>
        <dd>
          {task.package_count} {task.package_count === 1 ? 'package' : 'packages'}, {task.total_weight_kg} kg
          {packages.length > 0 && (
            <span className="block text-slate-600 dark:text-slate-400">
              {packages
                .map((p) => `${p.quantity && p.quantity > 1 ? `${p.quantity} × ` : ''}${p.description}${p.fragile ? ' (fragile)' : ''}${p.temperature_sensitive ? ' (keep cool)' : ''}`)
                .join(', ')}
            </span>
          )}
        </dd>
      </div>
      {task.cod_amount > 0 && (
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Cash to collect</dt>
          <dd className="font-semibold text-amber-700 dark:text-amber-300">{formatMoney(task.cod_amount, task.currency)}</dd>
        </div>
      )}
      {task.notes && (
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Notes</dt>
          <dd className="whitespace-pre-line">{task.notes}</dd>
        </div>
      )}
    </dl>
  );
}
