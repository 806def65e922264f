import { useId, useMemo, useState } from 'react';
import { driverStatus } from '../../../data/statuses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import type { Language } from '../../../lib/i18n/languages';
import { useSession } from '../../../lib/session';
import { useStatuses, type StatusVocabulary } from '../../../lib/status-vocabulary';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { publicFileUrl } from '../../../lib/storage-url';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useServerList } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { BarChart } from '../../../ui/BarChart';
import { Button } from '../../../ui/Button';
import { DataTable, FilterDateRange, type DataTableColumn } from '../../../ui/data-table';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { uiMessages } from '../../../ui/messages';
import { StatTile } from '../../../ui/StatTile';
import { allPerformance, completedPerDay, listPerformance } from '../api';
import { performanceList } from '../list';
import { performanceMessages, type PerformanceKey } from '../messages';
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

/** The range refusals (the database's English, as `rangeProblem` says them) in the page's language. */
const RANGE_KEYS: Record<string, PerformanceKey> = {
  'The end date must not be before the start date': 'range.endBeforeStart',
  'Choose a range of at most 366 days': 'range.tooLong',
};

/** The columns in the page's language: headers, the driver's status, rates, durations and money of the locale. */
const performanceColumns = (t: Translate<PerformanceKey>, language: Language, statuses: StatusVocabulary): DataTableColumn<PerformanceRow>[] => [
  {
    id: 'driver',
    header: t('col.driver'),
    sortable: true,
    cell: (r) => (
      <span className="flex items-center gap-2">
        <Avatar name={r.full_name ?? '?'} src={publicFileUrl(r.avatar_url)} size="sm" />
        <span>
          <span className="block">{r.full_name ?? '—'}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">{statuses.label(r.driver_status)}</span>
        </span>
      </span>
    ),
  },
  { id: 'assigned', header: t('col.assigned'), sortable: true, align: 'end', cell: (r) => r.assigned },
  { id: 'accepted', header: t('col.accepted'), sortable: true, align: 'end', hideBelow: 'md', cell: (r) => r.accepted },
  { id: 'rejected', header: t('col.rejected'), sortable: true, align: 'end', hideBelow: 'md', cell: (r) => r.rejected },
  { id: 'acceptance_rate', header: t('col.acceptanceRate'), sortable: true, align: 'end', cell: (r) => formatRate(r.acceptance_rate, language) },
  { id: 'completed', header: t('col.completed'), sortable: true, align: 'end', cell: (r) => r.completed },
  { id: 'failed', header: t('col.failed'), sortable: true, align: 'end', cell: (r) => r.failed },
  { id: 'on_time_rate', header: t('col.onTimeRate'), sortable: true, align: 'end', cell: (r) => formatRate(r.on_time_rate, language) },
  {
    id: 'avg_assignment_to_delivered_minutes',
    header: t('col.avgToDelivered'),
    sortable: true,
    align: 'end',
    hideBelow: 'lg',
    cell: (r) => formatMinutes(r.avg_assignment_to_delivered_minutes, t),
  },
  { id: 'cod_collected', header: t('col.cash'), sortable: true, align: 'end', hideBelow: 'sm', cell: (r) => formatMoney(r.cod_collected, r.currency, language) },
];

type Overview = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; rows: PerformanceRow[]; days: DailyCompleted[] };

/** The driver-performance screen: per driver over a date range (the last 30 days unless the URL says), a sortable table and the daily chart. */
export function DriverPerformancePage() {
  const { user } = useSession();
  const t = useT(performanceMessages);
  const ui = useT(uiMessages);
  // The database's keyed refusals (performance.*) in the page's language.
  const serverWords = useServerWords();
  const format = useFormat();
  const { language } = format;
  const statuses = useStatuses(driverStatus);
  const columns = useMemo(() => performanceColumns(t, language, statuses), [t, language, statuses]);
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

  // The overview of the range on screen; while another range (or a retry) loads it shows as loading,
  // and an answer for a range left behind is dropped.
  const chartDriver = table.state.filters.driver;
  // The drivers of the last overview read (kept while the next loads), to choose whose deliveries the chart draws.
  const [drivers, setDrivers] = useState<PerformanceRow[]>([]);
  const overviewLoad = useRecordLoad<{ rows: PerformanceRow[]; days: DailyCompleted[] }>(
    tenantId && !problem ? `${tenantId}/${from}/${to}/${chartDriver ?? ''}` : null,
    (signal) => Promise.all([allPerformance(from, to, signal), completedPerDay(from, to, chartDriver, signal)]).then(([rows, days]) => ({ rows, days })),
    { loadingOnNewKey: true, onLoad: (answer) => setDrivers(answer?.rows ?? []), onError: () => setDrivers([]) },
  );
  const overview: Overview =
    overviewLoad.state.status === 'ready'
      ? { status: 'ready', ...overviewLoad.state.record }
      : overviewLoad.state.status === 'failed'
        ? { status: 'failed', error: overviewLoad.state.error instanceof Error ? overviewLoad.state.error : new Error(String(overviewLoad.state.error)) }
        : { status: 'loading' };
  const chartName = chartDriver ? drivers.find((r) => r.driver_id === chartDriver)?.full_name : null;

  const setRange = (range: { from: string | undefined; to: string | undefined }) =>
    table.onStateChange({ ...table.state, page: 0, filters: { ...table.state.filters, from: range.from, to: range.to } });

  const sum = overview.status === 'ready' ? totals(overview.rows) : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: t('page.title') }]}
        description={t('page.description')}
      />
      <section aria-label={t('range.label')} className="flex flex-wrap items-end gap-4">
        <div className="w-full max-w-sm">
          <FilterDateRange label={t('range.label')} from={from} to={to} onChange={(range) => setRange(range)} />
        </div>
        <div className="flex gap-2" role="group" aria-label={t('range.quick')}>
          {[7, 30, 90].map((days) => (
            <Button key={days} variant="secondary" onClick={() => setRange(days === 30 ? { from: undefined, to: undefined } : lastDays(days))}>
              {t('range.last', { days })}
            </Button>
          ))}
        </div>
      </section>
      {problem ? (
        <ErrorState title={t('range.refused')} detail={RANGE_KEYS[problem] ? t(RANGE_KEYS[problem]) : problem}>
          <Button variant="secondary" onClick={() => setRange({ from: undefined, to: undefined })}>
            {t('range.showDefault')}
          </Button>
        </ErrorState>
      ) : (
        <>
          {overview.status === 'failed' ? (
            <ErrorState title={t('overview.failed')} detail={refusalText(overview.error.cause ?? overview.error, '; ', serverWords)} onRetry={overviewLoad.retry} />
          ) : (
            <section aria-label={t('overview.label')} aria-busy={overview.status === 'loading' || undefined} className="space-y-4">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                <StatTile label={t('col.assigned')} value={sum ? format.number(sum.assigned) : '…'} />
                <StatTile label={t('col.completed')} value={sum ? format.number(sum.completed) : '…'} />
                <StatTile label={t('col.failed')} value={sum ? format.number(sum.failed) : '…'} />
                <StatTile label={t('col.acceptanceRate')} value={sum ? formatRate(sum.acceptanceRate, language) : '…'} />
                <StatTile label={t('col.onTimeRate')} value={sum ? formatRate(sum.onTimeRate, language) : '…'} />
                <StatTile label={t('col.cash')} value={sum ? formatMoney(sum.cod, sum.currency, language) : '…'} />
              </dl>
              <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
                <div className="flex items-center gap-2">
                  <label htmlFor={chartDriverId} className="text-sm font-medium">
                    {t('chart.label')}
                  </label>
                  <select
                    id={chartDriverId}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                    value={chartDriver ?? ''}
                    onChange={(event) =>
                      table.onStateChange({ ...table.state, filters: { ...table.state.filters, driver: event.target.value || undefined } })
                    }
                  >
                    <option value="">{t('chart.allDrivers')}</option>
                    {[...drivers]
                      .sort((a, b) => (a.full_name ?? '').localeCompare(b.full_name ?? '', language))
                      .map((r) => (
                        <option key={r.driver_id} value={r.driver_id}>
                          {r.full_name ?? r.driver_id}
                        </option>
                      ))}
                  </select>
                </div>
                {overview.status === 'ready' ? (
                  <BarChart
                    title={chartName ? t('chart.titleFor', { name: chartName }) : t('chart.title')}
                    unit={t('chart.unit')}
                    data={overview.days.map((d) => ({ key: d.day, label: dayLabel(d.day, language), value: d.completed }))}
                  />
                ) : (
                  <Skeleton className="h-56 w-full" />
                )}
              </div>
            </section>
          )}
          <DataTable
            label={t('page.title')}
            columns={columns}
            {...table}
            {...list.tableProps}
            rowLabel={(r) => r.full_name ?? t('table.rowFallback')}
            searchPlaceholder={t('table.search')}
            emptyMessage={t('table.empty')}
          />
        </>
      )}
    </div>
  );
}

export default DriverPerformancePage;
