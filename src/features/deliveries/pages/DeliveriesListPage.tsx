import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList, type ListChange } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { DataTable, FilterCheckboxes, FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { deliveryStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { PageHeader } from '../../../ui/PageHeader';
import { serviceLookup } from '../../../data/delivery-services';
import { driverPeopleLookup } from '../../../data/people';
import { zoneLookup } from '../../../data/zones';
import { listDeliveries } from '../api';
import { deliveryFeed } from '../atoms';
import { deliveryList } from '../list';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { ADMIN_DELIVERY_PATHS, inScope, type DeliveryPaths, type DeliveryScope } from '../paths';
import { shortPlace, type DeliveryChange, type DeliveryRow } from '../schema';
import { formatWindow } from '../../../lib/format-date';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { deliveryMessages, type DeliveryKey } from '../messages';
import { kindOptions, kindWords, windowWords } from '../words';
import { useStatuses } from '../../../lib/status-vocabulary';

function listColumns(paths: DeliveryPaths, showKind: boolean, t: Translate<DeliveryKey>, format: LocaleFormat): DataTableColumn<DeliveryRow>[] {
  const opened = windowWords(t);
  return [
    {
      id: 'delivery_code',
      header: t('col.code'),
      sortable: true,
      cell: (d) => (
        <div>
          <Link href={paths.detail(d.id)} className="font-mono font-medium text-brand hover:underline">
            {d.delivery_code}
          </Link>
          {d.external_reference_id && <div className="text-xs text-slate-500 dark:text-slate-400">{d.external_reference_id}</div>}
        </div>
      ),
    },
    ...(showKind ? [{ id: 'kind', header: t('col.kind'), cell: (d: DeliveryRow) => kindWords(t, d.kind), hideBelow: 'lg' as const }] : []),
    { id: 'customer', header: t('col.customer'), cell: (d) => d.customer_name ?? '—' },
    {
      id: 'route',
      header: t('col.route'),
      hideBelow: 'md',
      cell: (d) => (
        <span title={`${d.pickup_full_address ?? ''} > ${d.dropoff_full_address ?? ''}`}>
          {shortPlace(d.pickup_city, d.pickup_full_address)} &gt; {shortPlace(d.dropoff_city, d.dropoff_full_address)}
        </span>
      ),
    },
    { id: 'window', header: t('col.window'), hideBelow: 'lg', cell: (d) => formatWindow(d.dropoff_window_start, d.dropoff_window_end, format.language, opened) ?? t('window.any') },
    { id: 'status', header: t('col.status'), sortable: true, cell: (d) => <StatusChip vocabulary={deliveryStatus} status={d.status} /> },
    { id: 'driver', header: t('col.driver'), hideBelow: 'md', cell: (d) => d.driver_name ?? '—' },
    { id: 'price', header: t('col.price'), sortable: true, align: 'end', cell: (d) => format.money(d.price, d.currency) },
    { id: 'created_at', header: t('col.created'), sortable: true, hideBelow: 'sm', cell: (d) => format.dateTime(d.created_at) },
  ];
}

/** A broadcast row is new when it was written once (a later write moves updated_at on). */
const isInsert = (change: DeliveryChange) => typeof change.created_at === 'string' && change.created_at === change.updated_at;

/**
 * The deliveries list: the admin's /deliveries, or with a `kind` one of the dispatcher's order
 * sections (the list reads that kind only, whatever the URL says, and offers no kind filter).
 */
export function DeliveriesListPage({ kind, paths = ADMIN_DELIVERY_PATHS }: DeliveryScope) {
  const statuses = useStatuses(deliveryStatus);
  const t = useT(deliveryMessages);
  const format = useFormat();
  const listLabel = t(paths.listLabel);
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const urlTable = useListUrlState(deliveryList);
  // A section's kind is fixed: a kind in its URL is neither applied nor counted as a filter.
  const table = kind ? { ...urlTable, state: { ...urlTable.state, filters: { ...urlTable.state.filters, kind: undefined } } } : urlTable;
  const columns = useMemo(() => listColumns(paths, !kind, t, format), [paths, kind, t, format]);
  const kinds = useMemo(() => kindOptions(t), [t]);
  const list = useServerList({
    statuses,
    queryKey: ['deliveries', tenantId, kind ?? 'any'],
    state: table.state,
    fetchPage: (state, context) => listDeliveries(tenantId, kind ? { ...state, filters: { ...state.filters, kind } } : state, context),
    rowKey: (d: DeliveryRow) => d.id,
    enabled: tenantId !== '',
  });

  // Live: a status (or price) change of a row on the page is patched in place; a change of driver
  // re-reads the page (for the driver's name); a new delivery appears at the top of the first page
  // of the default order, elsewhere the table offers 'New changes — Refresh'.
  const shown = useRef(list.rows);
  const stateRef = useRef(table.state);
  useEffect(() => {
    shown.current = list.rows;
    stateRef.current = table.state;
  });
  const { applyChanges, refetchLive } = list;
  const onChanges = useCallback(
    (changed: DeliveryChange[]) => {
      const onPage = new Map(shown.current.map((row) => [row.id, row]));
      const updates: ListChange<DeliveryRow>[] = [];
      let reread = false;
      let inserted = false;
      for (const change of changed) {
        const row = onPage.get(change.id);
        if (row) {
          if (row.driver_id !== change.driver_id) reread = true;
          else updates.push({ op: 'update', row: { ...row, status: change.status, price: change.price, currency: change.currency } });
        } else if (isInsert(change) && inScope({ kind }, String(change.kind ?? ''))) inserted = true;
      }
      if (updates.length > 0) applyChanges(updates);
      const state = stateRef.current;
      const newestFirst = state.page === 0 && state.sort?.column === 'created_at' && state.sort.direction === 'desc';
      if (reread || (inserted && newestFirst)) refetchLive();
      else if (inserted && shown.current[0]) applyChanges([{ op: 'insert', row: shown.current[0] }]);
    },
    [applyChanges, refetchLive, kind],
  );
  const live = useFeedChanges(deliveryFeed, tenantId, onChanges, refetchLive);

  return (
    <div className="space-y-4">
      <PageHeader title={listLabel} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: listLabel }]} />
      <DataTable
        label={listLabel}
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(d) => d.delivery_code}
        searchPlaceholder={t('list.search')}
        rowActions={(d) => [
          { label: t('list.view'), onSelect: () => navigate(paths.detail(d.id)) },
          {
            label: t('list.edit'),
            onSelect: () => navigate(paths.edit(d.id)),
            disabled: d.status !== 'pending' && d.status !== 'assigned',
            reason: t('list.editLocked'),
          },
        ]}
        toolbar={<Button onClick={() => navigate(paths.create)}>{t('list.add')}</Button>}
        filterFields={({ draft, setDraft, field }) => (
          <div className="space-y-4">
            <FilterCheckboxes label={t('filter.status')} options={statuses.options} {...field('status')} />
            {!kind && <FilterSelect label={t('filter.kind')} value={draft.kind} options={kinds} onChange={(value) => setDraft((current) => ({ ...current, kind: value }))} />}
            <LookupFilter label={t('filter.service')} {...field('service_id')} {...serviceLookup(tenantId)} />
            <LookupFilter label={t('filter.zone')} {...field('zone_id')} {...zoneLookup(tenantId)} />
            <LookupFilter label={t('filter.driver')} {...field('driver_id')} {...driverPeopleLookup(tenantId)} />
            <FilterDateRange
              label={t('filter.created')}
              from={draft.created_from}
              to={draft.created_to}
              onChange={({ from, to }) => setDraft((current) => ({ ...current, created_from: from, created_to: to }))}
            />
          </div>
        )}
      />
    </div>
  );
}

export default DeliveriesListPage;
