import { useMemo, useState } from 'react';
import { downloadCsv } from '../../../lib/csv';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { useSession } from '../../../lib/session';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { publicFileUrl } from '../../../lib/storage-url';
import { tenantIdOf } from '../../../lib/tenant';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useListUrlState } from '../../../lib/url-state';
import { useRecordLoad } from '../../../lib/use-record-load';
import { useServerList } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { ServerDataTable, FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { uiMessages } from '../../../ui/messages';
import { useToast } from '../../../ui/toast';
import { allRemittances, cashSummary, EXPORT_LIMIT, listRemittances } from '../api';
import { carriesCash, cashDeliveryFeed, remittanceFeed, type RemitChange } from '../atoms';
import { csvFileName, remittancesCsv } from '../csv';
import { remittanceList } from '../list';
import { remitMessages, type RemitKey } from '../messages';
import { RecordRemittanceForm } from '../RecordRemittanceForm';
import { REMIT_METHODS, toCents, type CashSummary, type RemitMethod, type RemittanceRow } from '../schema';
import { METHOD_KEYS } from '../words';
import { ScrollBox } from '../../../ui/ScrollBox';
import { StatTile } from '../../../ui/StatTile';

type Summary = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; rows: CashSummary[] };


/** The history's columns in the page's language, money in each remittance's currency. */
const historyColumns = (t: Translate<RemitKey>, format: LocaleFormat): DataTableColumn<RemittanceRow>[] => [
  { id: 'reference', header: t('col.reference'), cell: (r) => <span className="font-medium">{r.reference_number}</span> },
  { id: 'recorded_at', header: t('col.recorded'), sortable: true, cell: (r) => format.dateTime(r.recorded_at) },
  { id: 'driver', header: t('col.driver'), cell: (r) => r.driver_name ?? '—' },
  {
    id: 'amount',
    header: t('col.amount'),
    sortable: true,
    align: 'end',
    cell: (r) => (
      <span className="tabular-nums">
        {format.money(r.amount, r.currency)}
        {toCents(r.amount) !== toCents(r.expected_amount) && (
          <span className="block text-xs text-amber-700 dark:text-amber-300">{t('history.expected', { amount: format.money(r.expected_amount, r.currency) })}</span>
        )}
      </span>
    ),
  },
  { id: 'method', header: t('col.method'), cell: (r) => t(METHOD_KEYS[r.method]) },
  { id: 'deliveries', header: t('col.deliveries'), hideBelow: 'md', cell: (r) => <span className="text-xs">{r.delivery_codes.join(', ')}</span> },
  { id: 'reason', header: t('col.reason'), hideBelow: 'lg', cell: (r) => [r.discrepancy_reason, r.note].filter(Boolean).join(' · ') || '—' },
  { id: 'recorded_by', header: t('col.recordedBy'), hideBelow: 'lg', cell: (r) => r.recorded_by_name ?? '—' },
];

/** The remit screen: the drivers' cash (collected, remitted, outstanding), recording a remittance, and the history with its CSV export. */
export function RemitPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const t = useT(remitMessages);
  const ui = useT(uiMessages);
  const serverWords = useServerWords();
  const format = useFormat();
  const columns = useMemo(() => historyColumns(t, format), [t, format]);
  const methodOptions = REMIT_METHODS.map((value) => ({ value, label: t(METHOD_KEYS[value]) }));
  const table = useListUrlState(remittanceList);
  const list = useServerList({
    queryKey: ['remittances', tenantId],
    state: table.state,
    fetchPage: (state, context) => listRemittances(tenantId, state, context),
    rowKey: (r: RemittanceRow) => r.id,
    enabled: tenantId !== '',
  });

  // The drivers' cash, read again after a remittance or a cash delivery's change (loading meanwhile);
  // an earlier read's answer is dropped.
  const [attempt, setAttempt] = useState(0);
  // The last drivers read (null: the last read failed, or none yet), kept while the summary reloads.
  const [lastRead, setLastRead] = useState<CashSummary[] | null>(null);
  const summaryLoad = useRecordLoad<CashSummary[]>(tenantId ? `${tenantId}/${attempt}` : null, (signal) => cashSummary(signal), {
    loadingOnNewKey: true,
    onLoad: (rows) => setLastRead(rows),
    onError: () => setLastRead(null),
  });
  const summary: Summary =
    summaryLoad.state.status === 'ready'
      ? { status: 'ready', rows: summaryLoad.state.record }
      : summaryLoad.state.status === 'failed'
        ? { status: 'failed', error: summaryLoad.state.error instanceof Error ? summaryLoad.state.error : new Error(String(summaryLoad.state.error)) }
        : { status: 'loading' };
  const drivers = lastRead ?? [];
  const currency = drivers[0]?.currency ?? 'USD';
  const [preselect, setPreselect] = useState<{ driverId: string; n: number } | null>(null);

  // Live: a remittance recorded anywhere re-reads the drivers' cash and the history; a cash delivery
  // that changes (delivered, or back) re-reads the drivers' cash. After a reconnect, both.
  const { refetchLive: refetchHistory } = list;
  const rereadAll = () => {
    setAttempt((n) => n + 1);
    refetchHistory();
  };
  const live = useFeedChanges(remittanceFeed, tenantId, rereadAll, rereadAll);
  useFeedChanges(cashDeliveryFeed, tenantId, (rows: RemitChange[]) => rows.some(carriesCash) && setAttempt((n) => n + 1), () => setAttempt((n) => n + 1));
  const [exporting, setExporting] = useState(false);

  const totals = drivers.reduce(
    (t, d) => ({ collected: t.collected + toCents(d.collected), remitted: t.remitted + toCents(d.remitted), outstanding: t.outstanding + toCents(d.outstanding) }),
    { collected: 0, remitted: 0, outstanding: 0 },
  );

  // The totals are known once a summary was read (zero without drivers).
  const known = lastRead !== null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allRemittances(tenantId, table.state);
      if (rows.length === 0) {
        toast.error(t('export.none'));
        return;
      }
      downloadCsv(remittancesCsv(rows, t), csvFileName(table.state.filters.from, table.state.filters.to));
      toast.success(rows.length >= EXPORT_LIMIT ? t('export.limit', { count: EXPORT_LIMIT }) : t('export.done', { count: rows.length }));
    } catch (error) {
      toast.error(t('export.failed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  const driverFilterOptions = [...drivers]
    .sort((a, b) => (a.full_name ?? '').localeCompare(b.full_name ?? ''))
    .map((d) => ({ value: d.driver_id, label: d.full_name ?? d.driver_id }));

  return (
    <div className="space-y-8">
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: t('page.breadcrumb') }]}
        description={t('page.description')}
      />

      <section aria-labelledby="remit-drivers" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="remit-drivers" className="text-lg font-semibold">
            {t('cash.title')}
          </h2>
          <LiveIndicator state={live.state} />
        </div>
        {summary.status === 'failed' ? (
          <ErrorState title={t('cash.loadFailed')} detail={refusalText(summary.error, '; ', serverWords)} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy={summary.status === 'loading' || undefined}>
              <StatTile tabular label={t('cash.collected')} value={known ? format.money(totals.collected / 100, currency) : '…'} />
              <StatTile tabular label={t('cash.remitted')} value={known ? format.money(totals.remitted / 100, currency) : '…'} />
              <StatTile tabular label={t('cash.outstanding')} value={known ? format.money(totals.outstanding / 100, currency) : '…'} />
            </dl>
            {summary.status === 'loading' && drivers.length === 0 ? (
              <Skeleton className="h-40 w-full" />
            ) : drivers.length === 0 ? (
              <EmptyState title={t('cash.noDrivers')} description={t('cash.noDriversHint')} />
            ) : (
              <ScrollBox label={t('cash.title')} className="rounded-lg border border-slate-200 dark:border-slate-700">
                  <table className="w-full text-sm" aria-label={t('cash.title')}>
                    <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="px-3 py-2">{t('cash.driver')}</th>
                        <th scope="col" className="px-3 py-2 text-right">{t('cash.collected')}</th>
                        <th scope="col" className="px-3 py-2 text-right">{t('cash.remitted')}</th>
                        <th scope="col" className="px-3 py-2 text-right">{t('cash.outstanding')}</th>
                        <th scope="col" className="hidden px-3 py-2 md:table-cell">{t('cash.lastRemittance')}</th>
                        <th scope="col" className="px-3 py-2"><span className="sr-only">{t('cash.actions')}</span></th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                      {drivers.map((d) => (
                        <tr key={d.driver_id}>
                          <th scope="row" className="px-3 py-2 text-left font-normal">
                            <span className="flex items-center gap-2">
                              <Avatar name={d.full_name ?? '?'} src={publicFileUrl(d.avatar_url)} size="sm" />
                              {d.full_name ?? '—'}
                            </span>
                          </th>
                          <td className="px-3 py-2 text-right tabular-nums">{format.money(d.collected, d.currency)}</td>
                          <td className="px-3 py-2 text-right tabular-nums">
                            {format.money(d.remitted, d.currency)}
                            {toCents(d.shortfall) !== 0 && (
                              <span className="block text-xs text-amber-700 dark:text-amber-300">
                                {d.shortfall > 0 ? t('cash.short', { amount: format.money(d.shortfall, d.currency) }) : t('cash.over', { amount: format.money(-d.shortfall, d.currency) })}
                              </span>
                            )}
                          </td>
                          <td className="px-3 py-2 text-right tabular-nums">
                            {format.money(d.outstanding, d.currency)}
                            {d.outstanding_count > 0 && (
                              <span className="block text-xs text-slate-500 dark:text-slate-400">
                                {t('cash.deliveries', { count: d.outstanding_count })}
                              </span>
                            )}
                          </td>
                          <td className="hidden px-3 py-2 md:table-cell">{format.dateTime(d.last_remitted_at)}</td>
                          <td className="px-3 py-2 text-right">
                            <Button
                              variant="secondary"
                              disabled={d.outstanding_count === 0}
                              aria-label={d.full_name ? t('cash.recordFor', { name: d.full_name }) : t('cash.recordForUnnamed')}
                              onClick={() => {
                                setPreselect((p) => ({ driverId: d.driver_id, n: (p?.n ?? 0) + 1 }));
                                document.getElementById('remit-record')?.scrollIntoView({ block: 'start' });
                              }}
                            >
                              {t('cash.record')}
                            </Button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
              </ScrollBox>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="remit-record" className="space-y-4 rounded-2xl border border-slate-200 bg-brand-card p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 id="remit-record" className="text-lg font-semibold">{t('record.title')}</h2>
        <RecordRemittanceForm
          drivers={drivers}
          currency={currency}
          preselect={preselect}
          onRecorded={() => {
            setAttempt((n) => n + 1);
            list.refetch();
          }}
        />
      </section>

      <section aria-labelledby="remit-history" className="space-y-4">
        <h2 id="remit-history" className="text-lg font-semibold">{t('history.title')}</h2>
        <ServerDataTable
          table={table}
          list={list}
          label={t('history.label')}
          columns={columns}
          rowLabel={(r) => r.reference_number}
          searchPlaceholder={t('history.search')}
          emptyMessage={t('history.empty')}
          toolbar={
            <Button variant="secondary" busy={exporting} onClick={() => void exportCsv()}>
              {t('history.export')}
            </Button>
          }
          filterFields={({ draft, setDraft }) => (
            <>
              <FilterSelect label={t('filter.driver')} value={draft.driver} options={driverFilterOptions} onChange={(driver) => setDraft({ ...draft, driver })} />
              <FilterDateRange label={t('filter.recorded')} from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, from: range.from, to: range.to })} />
              <FilterSelect<RemitMethod> label={t('filter.method')} value={draft.method} options={methodOptions} onChange={(method) => setDraft({ ...draft, method })} />
            </>
          )}
        />
      </section>
    </div>
  );
}

export default RemitPage;
