import { Link, useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listWarehouses } from '../api';
import { warehouseStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { warehouseList } from '../list';
import { addressLabel } from '../../../data/address-label';
import { accessModes, type Warehouse } from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';

const number = new Intl.NumberFormat();

const columns: DataTableColumn<Warehouse>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (w) => (
      <Link href={adminPaths.warehouse(w.id)} className="font-medium text-brand hover:underline">
        {w.name}
      </Link>
    ),
  },
  { id: 'code', header: 'Code', cell: (w) => w.code, sortable: true, width: '8rem' },
  { id: 'address', header: 'Address', cell: (w) => (w.address ? addressLabel(w.address) : '—'), hideBelow: 'lg' },
  { id: 'status', header: 'Status', cell: (w) => <StatusChip vocabulary={warehouseStatus} status={w.status} /> },
  { id: 'total_capacity', header: 'Total capacity', cell: (w) => number.format(w.total_capacity), sortable: true, align: 'end', hideBelow: 'md' },
  { id: 'available_capacity', header: 'Available', cell: (w) => number.format(w.available_capacity), sortable: true, align: 'end', hideBelow: 'md' },
  { id: 'access', header: 'Access', cell: (w) => accessModes.label(w.access_mode), hideBelow: 'lg' },
];

export function WarehousesListPage() {
  const statusWords = useStatuses(warehouseStatus);
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title="Warehouses"
      list={warehouseList}
      queryKey={['warehouses', tenantId]}
      fetchPage={(state, context) => listWarehouses(tenantId, state, context)}
      rowKey={(row: Warehouse) => row.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(w) => w.name}
      searchPlaceholder="Search name or code"
      rowActions={(w) => [
        { label: 'View', onSelect: () => navigate(adminPaths.warehouse(w.id)) },
        { label: 'Edit', onSelect: () => navigate(adminPaths.warehouseEdit(w.id)) },
      ]}
      toolbar={<Button onClick={() => navigate(adminPaths.warehouseCreate())}>Add warehouse</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterSelect label="Status" value={draft.status} options={statusWords.options} onChange={(status) => setDraft({ ...draft, status })} />
          <FilterSelect label="Access mode" value={draft.access} options={accessModes.options} onChange={(access) => setDraft({ ...draft, access })} />
        </div>
      )}
    />
  );
}

export default WarehousesListPage;
