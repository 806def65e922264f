import { useEffect, useState } from 'react';
import { downloadCsv } from '../../../lib/csv';
import { useSession } from '../../../lib/session';
import { publicFileUrl } from '../../../lib/storage-url';
import { tenantIdOf } from '../../../lib/tenant';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { DataTable, FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { allRemittances, cashSummary, EXPORT_LIMIT, listRemittances } from '../api';
import { carriesCash, cashDeliveryFeed, remittanceFeed, type RemitChange } from '../atoms';
import { csvFileName, remittancesCsv } from '../csv';
import { remittanceList } from '../list';
import { RecordRemittanceForm } from '../RecordRemittanceForm';
import { formatMoney, METHOD_LABELS, METHOD_OPTIONS, toCents, type CashSummary, type RemitMethod, type RemittanceRow } from '../schema';
import { formatDateTime } from '../../../lib/format-date';
import { ScrollBox } from '../../../ui/ScrollBox';

type Summary = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; rows: CashSummary[] };


const columns: DataTableColumn<RemittanceRow>[] = [
  { id: 'reference', header: 'Reference', cell: (r) => <span className="font-medium">{r.reference_number}</span> },
  { id: 'recorded_at', header: 'Recorded', sortable: true, cell: (r) => formatDateTime(r.recorded_at) },
  { id: 'driver', header: 'Driver', cell: (r) => r.driver_name ?? '—' },
  {
    id: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'end',
    cell: (r) => (
      <span className="tabular-nums">
        {formatMoney(r.amount, r.currency)}
        {toCents(r.amount) !== toCents(r.expected_amount) && (
          <span className="block text-xs text-amber-700 dark:text-amber-300">expected {formatMoney(r.expected_amount, r.currency)}</span>
        )}
      </span>
    ),
  },
  { id: 'method', header: 'Method', cell: (r) => METHOD_LABELS[r.method] },
  { id: 'deliveries', header: 'Deliveries', hideBelow: 'md', cell: (r) => <span className="text-xs">{r.delivery_codes.join(', ')}</span> },
  { id: 'reason', header: 'Discrepancy / note', hideBelow: 'lg', cell: (r) => [r.discrepancy_reason, r.note].filter(Boolean).join(' · ') || '—' },
  { id: 'recorded_by', header: 'Recorded by', hideBelow: 'lg', cell: (r) => r.recorded_by_name ?? '—' },
];

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The remit screen: the drivers' cash (collected, remitted, outstanding), recording a remittance, and the history with its CSV export. */
export function RemitPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const toast = useToast();
  const table = useListUrlState(remittanceList);
  const list = useServerList({
    queryKey: ['remittances', tenantId],
    state: table.state,
    fetchPage: (state, context) => listRemittances(tenantId, state, context),
    rowKey: (r: RemittanceRow) => r.id,
    enabled: tenantId !== '',
  });

  const [answer, setAnswer] = useState<{ key: string; summary: Summary } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const summaryKey = `${tenantId}/${attempt}`;
  useEffect(() => {
    if (!tenantId) return;
    const controller = new AbortController();
    cashSummary(controller.signal).then(
      (rows) => !controller.signal.aborted && setAnswer({ key: summaryKey, summary: { status: 'ready', rows } }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setAnswer({ key: summaryKey, summary: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => controller.abort();
  }, [tenantId, summaryKey]);
  const summary: Summary = answer?.key === summaryKey ? answer.summary : { status: 'loading' };
  // The last drivers read, kept while the summary reloads after a remittance.
  const drivers = answer?.summary.status === 'ready' ? answer.summary.rows : [];
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
  const known = answer?.summary.status === 'ready';

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allRemittances(tenantId, table.state);
      if (rows.length === 0) {
        toast.error('No remittances match these filters');
        return;
      }
      downloadCsv(remittancesCsv(rows), csvFileName(table.state.filters.from, table.state.filters.to));
      toast.success(rows.length >= EXPORT_LIMIT ? `Exported the newest ${EXPORT_LIMIT} remittances` : `Exported ${rows.length} remittance${rows.length === 1 ? '' : 's'}`);
    } catch (error) {
      toast.error(`Could not export: ${error instanceof Error ? error.message : String(error)}`);
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
        title="Cash remittance"
        breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Remit' }]}
        description="Cash on delivery your drivers collected, what they handed over, and what they still hold."
      />

      <section aria-labelledby="remit-drivers" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="remit-drivers" className="text-lg font-semibold">
            Drivers' cash
          </h2>
          <LiveIndicator state={live.state} />
        </div>
        {summary.status === 'failed' ? (
          <ErrorState title="Could not load the drivers' cash" detail={summary.error.message} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy={summary.status === 'loading' || undefined}>
              <Stat label="Collected" value={known ? formatMoney(totals.collected / 100, currency) : '…'} />
              <Stat label="Remitted" value={known ? formatMoney(totals.remitted / 100, currency) : '…'} />
              <Stat label="Outstanding" value={known ? formatMoney(totals.outstanding / 100, currency) : '…'} />
            </dl>
            {summary.status === 'loading' && drivers.length === 0 ? (
              <Skeleton className="h-40 w-full" />
            ) : drivers.length === 0 ? (
              <EmptyState title="No drivers yet" description="Drivers appear here once an admin adds them." />
            ) : (
              <ScrollBox label="Drivers' cash" className="rounded-lg border border-slate-200 dark:border-slate-700">
                  <table className="w-full text-sm" aria-label="Drivers' cash">
                    <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="px-3 py-2">Driver</th>
                        <th scope="col" className="px-3 py-2 text-right">Collected</th>
                        <th scope="col" className="px-3 py-2 text-right">Remitted</th>
                        <th scope="col" className="px-3 py-2 text-right">Outstanding</th>
                        <th scope="col" className="hidden px-3 py-2 md:table-cell">Last remittance</th>
                        <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
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
                          <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.collected, d.currency)}</td>
                          <td className="px-3 py-2 text-right tabular-nums">
                            {formatMoney(d.remitted, d.currency)}
                            {toCents(d.shortfall) !== 0 && (
                              <span className="block text-xs text-amber-700 dark:text-amber-300">
                                {d.shortfall > 0 ? `${formatMoney(d.shortfall, d.currency)} short` : `${formatMoney(-d.shortfall, d.currency)} over`}
                              </span>
                            )}
                          </td>
                          <td className="px-3 py-2 text-right tabular-nums">
                            {formatMoney(d.outstanding, d.currency)}
                            {d.outstanding_count > 0 && (
                              <span className="block text-xs text-slate-500 dark:text-slate-400">
                                {d.outstanding_count} deliver{d.outstanding_count === 1 ? 'y' : 'ies'}
                              </span>
                            )}
                          </td>
                          <td className="hidden px-3 py-2 md:table-cell">{formatDateTime(d.last_remitted_at)}</td>
                          <td className="px-3 py-2 text-right">
                            <Button
                              variant="secondary"
                              disabled={d.outstanding_count === 0}
                              aria-label={`Record a remittance for ${d.full_name ?? 'the driver'}`}
                              onClick={() => {
                                setPreselect((p) => ({ driverId: d.driver_id, n: (p?.n ?? 0) + 1 }));
                                document.getElementById('remit-record')?.scrollIntoView({ block: 'start' });
                              }}
                            >
                              Record
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
        <h2 id="remit-record" className="text-lg font-semibold">
          Record a remittance
        </h2>
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
        <h2 id="remit-history" className="text-lg font-semibold">
          History
        </h2>
        <DataTable
          label="Remittances"
          columns={columns}
          {...table}
          {...list.tableProps}
          rowLabel={(r) => r.reference_number}
          searchPlaceholder="Search reference or driver"
          emptyMessage="No remittances recorded yet"
          toolbar={
            <Button variant="secondary" busy={exporting} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          }
          filterFields={(draft, setDraft) => (
            <>
              <FilterSelect label="Driver" value={draft.driver} options={driverFilterOptions} onChange={(driver) => setDraft({ ...draft, driver })} />
              <FilterDateRange label="Recorded" from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, from: range.from, to: range.to })} />
              <FilterSelect<RemitMethod> label="Method" value={draft.method} options={METHOD_OPTIONS} onChange={(method) => setDraft({ ...draft, method })} />
            </>
          )}
        />
      </section>
    </div>
  );
}

export default RemitPage;
