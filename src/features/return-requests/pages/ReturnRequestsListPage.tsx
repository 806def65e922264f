import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useLiveChanges, useServerList, type ListChange } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { returnStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { DataTable, FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/PageHeader';
import { listReturns } from '../api';
import { returnsSource } from '../atoms';
import { returnList } from '../list';
import {
  formatMoney,
  reasonLabel,
  RETURN_REASON_OPTIONS,
  type ReturnReason,
  type ReturnRow,
  type ReturnStatus,
  type ReturnTableRow,
} from '../schema';
import { formatDateTime } from '../../../lib/format-date';
import { useStatuses } from '../../../lib/status-vocabulary';


const columns: DataTableColumn<ReturnRow>[] = [
  { id: 'return_code', header: 'Return', sortable: true, width: '9rem', cell: (r) => <span className="font-medium">{r.return_code}</span> },
  { id: 'delivery', header: 'Delivery', cell: (r) => r.delivery_code ?? '—', width: '9rem' },
  {
    id: 'customer_name',
    header: 'Customer',
    sortable: true,
    cell: (r) => (
      <span>
        <span className="block">{r.customer_name ?? '—'}</span>
        {r.customer_email && <span className="block text-xs text-slate-500 dark:text-slate-400">{r.customer_email}</span>}
      </span>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    hideBelow: 'md',
    cell: (r) => (
      <span>
        <span className="block">{reasonLabel(r.reason)}</span>
        {r.reason_text && <span className="block max-w-xs truncate text-xs text-slate-500 dark:text-slate-400">{r.reason_text}</span>}
      </span>
    ),
  },
  { id: 'items', header: 'Items', hideBelow: 'lg', cell: (r) => r.items.map((i) => `${i.quantity} × ${i.description}`).join(', ') },
  { id: 'refund_amount', header: 'Refund', sortable: true, align: 'end', width: '8rem', cell: (r) => formatMoney(r.refund_amount, r.currency) },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    cell: (r) => (
      <span className="flex flex-wrap items-center gap-1">
        <StatusChip vocabulary={returnStatus} status={r.status} />
        {r.status === 'closed' && <span className="text-xs text-slate-500 dark:text-slate-400">{r.refunded ? 'refunded' : 'not refunded'}</span>}
      </span>
    ),
  },
  { id: 'created_at', header: 'Requested', sortable: true, hideBelow: 'md', width: '11rem', cell: (r) => formatDateTime(r.created_at) },
];

/** return-requests: server-side search, status, reason and date filters, 25 rows, state in the URL, live. */
export function ReturnRequestsListPage() {
  const statuses = useStatuses(returnStatus);
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const table = useListUrlState(returnList);
  const list = useServerList({
    statuses,
    queryKey: ['return-requests', tenantId],
    state: table.state,
    fetchPage: (state, context) => listReturns(tenantId, state, context),
    rowKey: (r: ReturnRow) => r.id,
    enabled: tenantId !== '',
  });
  const live = useLiveCollection(returnsSource, tenantId);
  const { applyChanges } = list;
  // A broadcast carries the table's columns: merged over a row on the page (the default merge), it
  // updates status, refund and items in place and keeps the joined names the view added.
  const onLiveChanges = useCallback(
    (changes: ListChange<ReturnTableRow>[]) => applyChanges(changes.map((c) => (c.op === 'delete' ? c : { op: c.op, row: c.row as unknown as ReturnRow }))),
    [applyChanges],
  );
  useLiveChanges(live, onLiveChanges);

  return (
    <div className="space-y-4">
      <PageHeader title="Return requests" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Return requests' }]} />
      <DataTable
        label="Return requests"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(r) => `${r.return_code} (${r.customer_name ?? 'unknown customer'})`}
        searchPlaceholder="Search return, delivery or customer"
        rowActions={(r) => [{ label: r.status === 'requested' ? 'Edit' : 'Open', onSelect: () => navigate(adminPaths.returnRequestEdit(r.id)) }]}
        toolbar={<Button onClick={() => navigate(adminPaths.returnRequestCreate())}>New return request</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect<ReturnStatus> label="Status" value={draft.status} options={statuses.options} onChange={(status) => setDraft({ ...draft, status })} />
            <FilterSelect<ReturnReason> label="Reason" value={draft.reason} options={RETURN_REASON_OPTIONS} onChange={(reason) => setDraft({ ...draft, reason })} />
            <FilterDateRange label="Requested" from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
          </div>
        )}
      />
    </div>
  );
}

export default ReturnRequestsListPage;
