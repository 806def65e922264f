import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { packageHandoffStatus, PACKAGE_HANDOFF_FILTER_STATUSES, type PackageHandoffStatus } from '../../../data/statuses/package-handoff';
import { useLiveWarehouseList, type WarehouseTable } from '../../../data/warehouse-live';
import { warehouseLookup } from '../../../data/warehouses';
import { formatDateTime } from '../../../lib/format-date';
import { useStatuses } from '../../../lib/status-vocabulary';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listPackageHandoffs } from '../api';
import { CreateHandoffDialog, EditHandoffDialog } from '../components/HandoffDialogs';
import { packageHandoffList } from '../list';
import type { PackageHandoffRow } from '../schema';

const LIVE_TABLES: readonly WarehouseTable[] = ['package_handoffs'];

const columns: DataTableColumn<PackageHandoffRow>[] = [
  { id: 'staff_name', header: 'Staff name', sortable: true, cell: (h) => <span className="font-medium">{h.staff_name ?? '—'}</span> },
  { id: 'initiated_at', header: 'Initiated at', sortable: true, width: '11rem', cell: (h) => formatDateTime(h.initiated_at) },
  { id: 'completed_at', header: 'Completed at', sortable: true, width: '11rem', hideBelow: 'md', cell: (h) => (h.completed_at ? formatDateTime(h.completed_at) : '—') },
  { id: 'status', header: 'Status', sortable: true, width: '9rem', cell: (h) => <StatusChip vocabulary={packageHandoffStatus} status={h.status} /> },
  { id: 'warehouse_code', header: 'Warehouse code', sortable: true, hideBelow: 'md', cell: (h) => h.warehouse_code },
  { id: 'warehouse_name', header: 'Warehouse', sortable: true, hideBelow: 'lg', cell: (h) => h.warehouse_name },
];

/**
 * package-handoff (and package-handoff/create, the same list with the Add modal open): server-side
 * search, status and warehouse filters in the URL; live on the topics of the warehouses the user
 * may access (the filtered one when set). Edit opens a modal; a completed handoff cannot be edited.
 */
export function PackageHandoffsListPage({ creating = false }: { creating?: boolean }) {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const search = useSearch();
  const { state } = useListUrlState(packageHandoffList);
  const [editing, setEditing] = useState<PackageHandoffRow | null>(null);
  const statuses = useStatuses(packageHandoffStatus);
  // The filter offers the statuses a handoff is looked up by, in the page's language.
  const filterStatuses = useMemo(() => statuses.options.filter((option) => (PACKAGE_HANDOFF_FILTER_STATUSES as readonly string[]).includes(option.value)), [statuses]);
  const live = useLiveWarehouseList({ tenantId, warehouse: state.filters.warehouse, tables: LIVE_TABLES });
  const listPath = adminPaths.packageHandoffs();
  const query = search ? `?${search}` : '';

  return (
    <ServerListPage
      title="Package Handoff"
      label="Package handoffs"
      section="Warehousing"
      list={packageHandoffList}
      queryKey={['package-handoffs', tenantId]}
      fetchPage={(listState, context) => listPackageHandoffs(tenantId, listState, context)}
      rowKey={(h: PackageHandoffRow) => h.id}
      enabled={tenantId !== ''}
      columns={columns}
      liveState={live.state}
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
          <FilterSelect<PackageHandoffStatus> label="Status" value={draft.status} options={filterStatuses} onChange={(status) => setDraft({ ...draft, status: status as typeof draft.status })} />
          <LookupFilter
            label="Warehouse"
            value={draft.warehouse}
            onChange={(warehouse) => setDraft({ ...draft, warehouse })}
            {...warehouseLookup(tenantId)}
          />
        </div>
      )}
      after={(list) => (
        <>
          {live.render(list)}
          <CreateHandoffDialog
            open={creating}
            tenantId={tenantId}
            // Only while still on the create route: the dialog also closes when the page is hidden on the
            // way to another screen (a nav link, the browser's back), and must not pull the user back.
            onClose={() => {
              if (window.location.pathname.endsWith(adminPaths.packageHandoffCreate())) navigate(`${listPath}${query}`);
            }}
            onSaved={() => {
              navigate(`${listPath}${query}`);
              list.refetch();
            }}
          />
          <EditHandoffDialog
            handoff={editing}
            tenantId={tenantId}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              list.refetch();
            }}
          />
        </>
      )}
    />
  );
}

export function PackageHandoffCreatePage() {
  return <PackageHandoffsListPage creating />;
}

export default PackageHandoffsListPage;
