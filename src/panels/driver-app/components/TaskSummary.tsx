import type { ReactNode } from 'react';
import { addressLine, formatMoney, formatWindow } from '../format';
import type { DriverTask } from '../schema';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';

/** One line of the summary: its term above, what it says below. */
function SummaryRow({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** Pickup and drop-off with their windows, the packages and the cash to collect: what every card shows. */
export function TaskSummary({ task }: { task: DriverTask }) {
  const t = useT(driverMessages);
  const language = useLanguage();
  const pickupWindow = formatWindow(task.pickup_window_start, task.pickup_window_end, undefined, language);
  const dropoffWindow = formatWindow(task.dropoff_window_start, task.dropoff_window_end, undefined, language);
  const packages = task.packages.filter((p) => p.description);
  return (
    <dl className="grid gap-2 text-sm">
      <SummaryRow term={t('summary.pickup')}>
        {addressLine(task.pickup_address) ?? t('summary.noAddress')}
        {pickupWindow && <span className="block text-slate-600 dark:text-slate-400">{pickupWindow}</span>}
      </SummaryRow>
      <SummaryRow term={t('summary.dropoff')}>
        {addressLine(task.dropoff_address) ?? t('summary.noAddress')}
        {dropoffWindow && <span className="block text-slate-600 dark:text-slate-400">{dropoffWindow}</span>}
      </SummaryRow>
      <SummaryRow term={t('summary.packages')}>
        {t('summary.packageCount', { count: task.package_count, weight: String(task.total_weight_kg) })}
        {packages.length > 0 && (
          <span className="block text-slate-600 dark:text-slate-400">
            {packages
              .map((p) => `${p.quantity && p.quantity > 1 ? `${p.quantity} × ` : ''}${p.description}${p.fragile ? ` ${t('summary.fragile')}` : ''}${p.temperature_sensitive ? ` ${t('summary.keepCool')}` : ''}`)
              .join(', ')}
          </span>
        )}
      </SummaryRow>
      {task.cod_amount > 0 && (
        <SummaryRow term={t('summary.cash')} className="font-semibold text-amber-700 dark:text-amber-300">{formatMoney(task.cod_amount, task.currency, language)}</SummaryRow>
      )}
      {task.notes && (
        <SummaryRow term={t('summary.notes')} className="whitespace-pre-line">{task.notes}</SummaryRow>
      )}
    </dl>
  );
}
