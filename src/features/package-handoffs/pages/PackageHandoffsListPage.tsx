import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { packageHandoffStatus, PACKAGE_HANDOFF_FILTER_STATUSES, type PackageHandoffStatus } from '../../../data/statuses/package-handoff';
import { lookupWarehouses, useWarehouseChoices, warehouseLabel } from '../../../data/warehouses';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import type { ConnectionState } from '../../../lib/realtime';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useLiveCollection } from '../../../lib/use-live-collection';
import { useLiveChanges, useServerList, type ListChange } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { PageHeader } from '../../../ui/PageHeader';
import { listPackageHandoffs, warehouseHandoffsSource, type HandoffRecord } from '../api';
import { CreateHandoffDialog, EditHandoffDialog } from '../components/HandoffDialogs';
import { packageHandoffList } from '../list';
import type { PackageHandoffRow } from '../schema';

const FILTER_STATUS_OPTIONS = packageHandoffStatus.options.filter((option) => (PACKAGE_HANDOFF_FILTER_STATUSES as readonly string[]).includes(option.value));

const columns: DataTableColumn<PackageHandoffRow>[] = [
  { id: 'staff_name', header: 'Staff name', sortable: true, cell: (h) => <span className="font-medium">{h.staff_name ?? '—'}</span> },
  { id: 'initiated_at', header: 'Initiated at', sortable: true, width: '11rem', cell: (h) => formatDateTime(h.initiated_at) },
  { id: 'completed_at', header: 'Completed at', sortable: true, width: '11rem', hideBelow: 'md', cell: (h) => (h.completed_at ? formatDateTime(h.completed_at) : '—') },
  { id: 'status', header: 'Status', sortable: true, width: '9rem', cell: (h) => <StatusChip vocabulary={packageHandoffStatus} status={h.status} /> },
  { id: 'warehouse_code', header: 'Warehouse code', sortable: true, hideBelow: 'md', cell: (h) => h.warehouse_code },
  { id: 'warehouse_name', header: 'Warehouse', sortable: true, hideBelow: 'lg', cell: (h) => h.warehouse_name },
];

/** One warehouse's topic: its handoffs' changes go to the list (renders nothing). */
function WarehouseTopic({ tenantId, warehouseId, onChanges, onState }: { tenantId: string; warehouseId: string; onChanges: (changes: ListChange<HandoffRecord>[]) => void; onState: (warehouseId: string, state: ConnectionState) => void }) {
  const live = useLiveCollection(warehouseHandoffsSource(warehouseId), tenantId);
  useLiveChanges(live, onChanges);
  useEffect(() => onState(warehouseId, live.state), [onState, warehouseId, live.state]);
  return null;
}

/**
 * package-handoff (and package-handoff/create, the same list with the Add modal open): server-side
 * search, status and warehouse filters in the URL; live on the topics of the warehouses the user
 * may access: a change on the page is patched in place, a new or removed handoff reloads the page.
 */
export function PackageHandoffsListPage({ creating = false }: { creating?: boolean }) {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const search = useSearch();
  const table = useListUrlState(packageHandoffList);
  const [editing, setEditing] = useState<PackageHandoffRow | null>(null);
  const list = useServerList({
    queryKey: ['package-handoffs', tenantId],
    state: table.state,
    fetchPage: (state, context) => listPackageHandoffs(tenantId, state, context),
    rowKey: (h: PackageHandoffRow) => h.id,
    enabled: tenantId !== '',
  });
  const { applyChanges, refetch } = list;
  const onLiveChanges = useCallback(
    (changes: ListChange<HandoffRecord>[]) => {
      const updates = changes.filter((c): c is { op: 'update'; row: HandoffRecord } => c.op === 'update');
      if (updates.length > 0) applyChanges(updates.map((c) => ({ op: 'update', row: c.row as unknown as PackageHandoffRow })));
      if (updates.length < changes.length) refetch();
    },
    [applyChanges, refetch],
  );

  // The warehouses the user may see; a topic the user may not join stays offline and changes nothing.
  const warehouses = useWarehouseChoices(tenantId);
  const [states, setStates] = useState<Record<string, ConnectionState>>({});
  const onState = useCallback((id: string, state: ConnectionState) => setStates((current) => (current[id] === state ? current : { ...current, [id]: state })), []);
  // Live once every topic has answered and one is joined; connecting while any is still joining.
  const topicStates = warehouses.map((w) => states[w.id] ?? 'connecting');
  const liveState: ConnectionState | undefined =
    topicStates.length === 0 ? undefined : topicStates.includes('connecting') ? 'connecting' : topicStates.includes('live') ? 'live' : 'offline';

  const listPath = adminPaths.packageHandoffs();
  const query = search ? `?${search}` : '';

  return (
    <div className="space-y-4">
      <PageHeader title="Package Handoff" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Warehousing' }, { label: 'Package Handoff' }]} />
      {tenantId !== '' && warehouses.map((w) => <WarehouseTopic key={w.id} tenantId={tenantId} warehouseId={w.id} onChanges={onLiveChanges} onState={onState} />)}
      <DataTable
        label="Package handoffs"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={liveState}
        rowLabel={(h) => `${h.staff_name ?? h.staff_role} at ${h.warehouse_code} (${formatDateTime(h.initiated_at)})`}
        searchPlaceholder="Search staff, warehouse, delivery, pick order or notes"
        rowActions={(h) => [
          {
            label: 'Edit',
            onSelect: () => setEditing(h),
            disabled: h.status === 'completed',
            reason: h.status === 'completed' ? 'A completed handoff cannot be changed' : undefined,
          },
        ]}
        toolbar={<Button onClick={() => navigate(`${adminPaths.packageHandoffCreate()}${query}`)}>Add</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect<PackageHandoffStatus> label="Status" value={draft.status} options={FILTER_STATUS_OPTIONS} onChange={(status) => setDraft({ ...draft, status: status as typeof draft.status })} />
            <LookupFilter
              label="Warehouse"
              value={draft.warehouse}
              onChange={(warehouse) => setDraft({ ...draft, warehouse })}
              search={(term, signal, limit) => lookupWarehouses(tenantId, term, limit, signal)}
              resolveLabel={(id) => warehouseLabel(tenantId, id)}
            />
          </div>
        )}
      />
      <CreateHandoffDialog
        open={creating}
        tenantId={tenantId}
        onClose={() => navigate(`${listPath}${query}`)}
        onSaved={() => {
          navigate(`${listPath}${query}`);
          refetch();
        }}
      />
      <EditHandoffDialog
        handoff={editing}
        tenantId={tenantId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refetch();
        }}
      />
    </div>
  );
}

export function PackageHandoffCreatePage() {
  return <PackageHandoffsListPage creating />;
}

export default PackageHandoffsListPage;
