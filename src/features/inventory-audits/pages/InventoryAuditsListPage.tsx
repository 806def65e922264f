import { Link, useLocation } from 'wouter';
import { warehouseLookup } from '../../../data/warehouses';
import { inventoryAuditStatus, type InventoryAuditStatus } from '../../../data/statuses';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { FilterDate, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listAudits } from '../api';
import { auditList } from '../list';
import { auditTypes, type AuditRow, type AuditType } from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';

const columns: DataTableColumn<AuditRow>[] = [
  {
    id: 'created_by',
    header: 'Created by',
    cell: (a) => (
      <Link href={adminPaths.inventoryAudit(a.id)} className="font-medium text-brand hover:underline">
        {a.created_by_name ?? 'Unknown'}
      </Link>
    ),
  },
  { id: 'completed_by', header: 'Completed by', hideBelow: 'lg', cell: (a) => a.completed_by_name ?? '—' },
  { id: 'warehouse', header: 'Warehouse', hideBelow: 'md', cell: (a) => <span title={a.warehouse_code}>{a.warehouse_name}</span> },
  { id: 'audit_type', header: 'Audit type', sortable: true, cell: (a) => auditTypes.label(a.audit_type) },
  { id: 'status', header: 'Status', sortable: true, cell: (a) => <StatusChip vocabulary={inventoryAuditStatus} status={a.status} /> },
  { id: 'created_at', header: 'Created at', sortable: true, hideBelow: 'md', cell: (a) => formatDateTime(a.created_at) },
  { id: 'notes', header: 'Notes', hideBelow: 'lg', cell: (a) => <span className="line-clamp-1 max-w-xs">{a.notes ?? '—'}</span> },
  { id: 'scheduled_date', header: 'Scheduled date', sortable: true, width: '9rem', cell: (a) => a.scheduled_date ?? '—' },
];

/** inventory-audits: audit type, status, warehouse and scheduled date filters and search, server-side, in the URL. */
export function InventoryAuditsListPage() {
  const statusWords = useStatuses(inventoryAuditStatus);
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title="Inventory Audits"
      list={auditList}
      queryKey={['inventory-audits', tenantId]}
      fetchPage={(state, context) => listAudits(tenantId, state, context)}
      rowKey={(row: AuditRow) => row.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(a) => `${auditTypes.label(a.audit_type)} of ${a.warehouse_name}`}
      searchPlaceholder="Search notes, warehouse or people"
      rowActions={(a) => [{ label: a.status === 'in_progress' ? 'Count' : 'Open', onSelect: () => navigate(adminPaths.inventoryAudit(a.id)) }]}
      toolbar={<Button onClick={() => navigate(adminPaths.inventoryAuditCreate())}>Add Audit</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterSelect<AuditType> label="Audit type" value={draft.audit_type} options={auditTypes.options} onChange={(audit_type) => setDraft({ ...draft, audit_type })} />
          <FilterSelect<InventoryAuditStatus> label="Status" value={draft.status} options={statusWords.options} onChange={(status) => setDraft({ ...draft, status })} />
          <LookupFilter
            label="Warehouse"
            value={draft.warehouse}
            onChange={(warehouse) => setDraft({ ...draft, warehouse })}
            {...warehouseLookup(tenantId)}
          />
          <FilterDate label="Scheduled date" value={draft.scheduled_date} onChange={(scheduled_date) => setDraft({ ...draft, scheduled_date })} />
        </div>
      )}
    />
  );
}

export default InventoryAuditsListPage;
