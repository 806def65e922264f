/** One figure of a summary's `<dl>` (a report's totals): its label above, the value large; `tabular` lines up digits that change in place. */
export function StatTile({ label, value, tabular = false }: { label: string; value: string; tabular?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={tabular ? 'mt-1 text-xl font-semibold tabular-nums' : 'mt-1 text-xl font-semibold'}>{value}</dd>
    </div>
  );
}
