import { useEffect, useId, useState } from 'react';
import { driverStatus } from '../../../data/statuses';
import { useSession } from '../../../lib/session';
import { publicFileUrl } from '../../../lib/storage-url';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { BarChart } from '../../../ui/BarChart';
import { Button } from '../../../ui/Button';
import { DataTable, FilterDateRange, type DataTableColumn } from '../../../ui/data-table';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { allPerformance, completedPerDay, listPerformance } from '../api';
import { performanceList } from '../list';
import {
  dayLabel,
  effectiveRange,
  formatMinutes,
  formatMoney,
  formatRate,
  lastDays,
  rangeProblem,
  totals,
  type DailyCompleted,
  type PerformanceRow,
} from '../schema';

const columns: DataTableColumn<PerformanceRow>[] = [
  {
    id: 'driver',
    header: 'Driver',
    sortable: true,
    cell: (r) => (
      <span className="flex items-center gap-2">
        <Avatar name={r.full_name ?? '?'} src={publicFileUrl(r.avatar_url)} size="sm" />
        <span>
          <span className="block">{r.full_name ?? '—'}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">{driverStatus.label(r.driver_status)}</span>
        </span>
      </span>
    ),
  },
  { id: 'assigned', header: 'Assigned', sortable: true, align: 'end', cell: (r) => r.assigned },
  { id: 'accepted', header: 'Accepted', sortable: true, align: 'end', hideBelow: 'md', cell: (r) => r.accepted },
  { id: 'rejected', header: 'Rejected', sortable: true, align: 'end', hideBelow: 'md', cell: (r) => r.rejected },
  { id: 'acceptance_rate', header: 'Acceptance rate', sortable: true, align: 'end', cell: (r) => formatRate(r.acceptance_rate) },
  { id: 'completed', header: 'Completed', sortable: true, align: 'end', cell: (r) => r.completed },
  { id: 'failed', header: 'Failed', sortable: true, align: 'end', cell: (r) => r.failed },
  { id: 'on_time_rate', header: 'On-time rate', sortable: true, align: 'end', cell: (r) => formatRate(r.on_time_rate) },
  {
    id: 'avg_assignment_to_delivered_minutes',
    header: 'Avg. assignment to delivered',
    sortable: true,
    align: 'end',
    hideBelow: 'lg',
    cell: (r) => formatMinutes(r.avg_assignment_to_delivered_minutes),
  },
  { id: 'cod_collected', header: 'Cash collected', sortable: true, align: 'end', hideBelow: 'sm', cell: (r) => formatMoney(r.cod_collected, r.currency) },
];

type Overview = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; rows: PerformanceRow[]; days: DailyCompleted[] };

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold">{value}</dd>
    </div>
  );
}

/** The driver-performance screen: per driver over a date range (the last 30 days unless the URL says), a sortable table and the daily chart. */
export function DriverPerformancePage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const table = useListUrlState(performanceList);
  const chartDriverId = useId();
  const { from, to } = effectiveRange(table.state.filters);
  const problem = rangeProblem(from, to);
  const list = useServerList({
    queryKey: ['driver-performance', tenantId],
    state: table.state,
    fetchPage: (state, context) => listPerformance(state, context),
    rowKey: (r: PerformanceRow) => r.id,
    enabled: tenantId !== '',
  });

  // The overview of the range on screen; an answer for another range (or attempt) shows as loading.
  const chartDriver = table.state.filters.driver;
  const [answer, setAnswer] = useState<{ key: string; overview: Overview } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const overviewKey = `${tenantId}/${from}/${to}/${chartDriver ?? ''}/${attempt}`;
  useEffect(() => {
    if (!tenantId || problem) return;
    const controller = new AbortController();
    Promise.all([allPerformance(from, to, controller.signal), completedPerDay(from, to, chartDriver, controller.signal)]).then(
      ([rows, days]) => !controller.signal.aborted && setAnswer({ key: overviewKey, overview: { status: 'ready', rows, days } }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setAnswer({ key: overviewKey, overview: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => controller.abort();
  }, [tenantId, from, to, chartDriver, problem, overviewKey]);
  const overview: Overview = answer?.key === overviewKey ? answer.overview : { status: 'loading' };
  // The drivers of the last overview read (kept while the next loads), to choose whose deliveries the chart draws.
  const drivers = answer?.overview.status === 'ready' ? answer.overview.rows : [];
  const chartName = chartDriver ? drivers.find((r) => r.driver_id === chartDriver)?.full_name : null;

  const setRange = (range: { from: string | undefined; to: string | undefined }) =>
    table.onStateChange({ ...table.state, page: 0, filters: { ...table.state.filters, from: range.from, to: range.to } });

  const sum = overview.status === 'ready' ? totals(overview.rows) : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Driver performance"
        breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Driver performance' }]}
        description="Per driver over the chosen days: work given and answered, deliveries completed and on time, and cash collected."
      />
      <section aria-label="Date range" className="flex flex-wrap items-end gap-4">
        <div className="w-full max-w-sm">
          <FilterDateRange label="Date range" from={from} to={to} onChange={(range) => setRange(range)} />
        </div>
        <div className="flex gap-2" role="group" aria-label="Quick ranges">
          {[7, 30, 90].map((days) => (
            <Button key={days} variant="secondary" onClick={() => setRange(days === 30 ? { from: undefined, to: undefined } : lastDays(days))}>
              Last {days} days
            </Button>
          ))}
        </div>
      </section>
      {problem ? (
        <ErrorState title="This range cannot be shown" detail={problem}>
          <Button variant="secondary" onClick={() => setRange({ from: undefined, to: undefined })}>
            Show the last 30 days
          </Button>
        </ErrorState>
      ) : (
        <>
          {overview.status === 'failed' ? (
            <ErrorState title="Could not load the overview" detail={overview.error.message} onRetry={() => setAttempt((n) => n + 1)} />
          ) : (
            <section aria-label="Overview" aria-busy={overview.status === 'loading' || undefined} className="space-y-4">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                <Stat label="Assigned" value={sum ? String(sum.assigned) : '…'} />
                <Stat label="Completed" value={sum ? String(sum.completed) : '…'} />
                <Stat label="Failed" value={sum ? String(sum.failed) : '…'} />
                <Stat label="Acceptance rate" value={sum ? formatRate(sum.acceptanceRate) : '…'} />
                <Stat label="On-time rate" value={sum ? formatRate(sum.onTimeRate) : '…'} />
                <Stat label="Cash collected" value={sum ? formatMoney(sum.cod, sum.currency) : '…'} />
              </dl>
              <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
                <div className="flex items-center gap-2">
                  <label htmlFor={chartDriverId} className="text-sm font-medium">
                    Chart
                  </label>
                  <select
                    id={chartDriverId}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                    value={chartDriver ?? ''}
                    onChange={(event) =>
                      table.onStateChange({ ...table.state, filters: { ...table.state.filters, driver: event.target.value || undefined } })
                    }
                  >
                    <option value="">All drivers</option>
                    {[...drivers]
                      .sort((a, b) => (a.full_name ?? '').localeCompare(b.full_name ?? ''))
                      .map((r) => (
                        <option key={r.driver_id} value={r.driver_id}>
                          {r.full_name ?? r.driver_id}
                        </option>
                      ))}
                  </select>
                </div>
                {overview.status === 'ready' ? (
                  <BarChart
                    title={chartName ? `Completed deliveries per day: ${chartName}` : 'Completed deliveries per day'}
                    unit="completed deliveries"
                    data={overview.days.map((d) => ({ key: d.day, label: dayLabel(d.day), value: d.completed }))}
                  />
                ) : (
                  <Skeleton className="h-56 w-full" />
                )}
              </div>
            </section>
          )}
          <DataTable
            label="Driver performance"
            columns={columns}
            {...table}
            {...list.tableProps}
            rowLabel={(r) => r.full_name ?? 'driver'}
            searchPlaceholder="Search driver"
            emptyMessage="No drivers yet"
          />
        </>
      )}
    </div>
  );
}

export default DriverPerformancePage;
