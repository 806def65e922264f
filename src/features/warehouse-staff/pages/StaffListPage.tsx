import { useState } from 'react';
import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ServerListPage } from '../../../ui/ServerListPage';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { listStaff, removeStaff } from '../api';
import { ActiveChip } from '../../../ui/Chip';
import { staffRoles, type WarehouseStaff } from '../../../data/warehousing';
import { useWarehouseChoices } from '../../../data/warehouses';
import { staffList } from '../list';

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const columns: DataTableColumn<WarehouseStaff>[] = [
  { id: 'name', header: 'Name', cell: (s) => s.user?.full_name ?? 'Unnamed User' },
  { id: 'email', header: 'Email', cell: (s) => s.user?.email ?? '—', hideBelow: 'lg' },
  { id: 'warehouse', header: 'Warehouse', cell: (s) => (s.warehouse ? `${s.warehouse.name} (${s.warehouse.code})` : '—'), hideBelow: 'md' },
  { id: 'role', header: 'Role', cell: (s) => staffRoles.label(s.role), sortable: true },
  { id: 'active', header: 'Status', cell: (s) => <ActiveChip active={s.active} /> },
  { id: 'created_at', header: 'Since', cell: (s) => date.format(new Date(s.created_at)), sortable: true, hideBelow: 'lg' },
];

export function StaffListPage() {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const toast = useToast();
  const warehouses = useWarehouseChoices(tenantId);
  const [removing, setRemoving] = useState<WarehouseStaff | null>(null);

  return (
    <ServerListPage
      title="Staff"
      label="Warehouse staff"
      list={staffList}
      queryKey={['warehouse_staff', tenantId]}
      fetchPage={(state, context) => listStaff(tenantId, state, context)}
      rowKey={(row: WarehouseStaff) => row.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(s) => `${s.user?.full_name ?? 'Unnamed User'} at ${s.warehouse?.code ?? 'the warehouse'}`}
      searchPlaceholder="Search by name"
      rowActions={(s) => [
        { label: 'Edit', onSelect: () => navigate(adminPaths.staffEdit(s.id)) },
        { label: 'Remove', destructive: true, onSelect: () => setRemoving(s) },
      ]}
      toolbar={<Button onClick={() => navigate(adminPaths.staffCreate())}>Add staff</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterSelect
            label="Warehouse"
            value={draft.warehouse}
            options={warehouses.map((w) => ({ value: w.id, label: `${w.name} (${w.code})` }))}
            onChange={(warehouse) => setDraft({ ...draft, warehouse })}
          />
          <FilterSelect label="Role" value={draft.role} options={staffRoles.options} onChange={(role) => setDraft({ ...draft, role })} />
          <FilterActive value={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
        </div>
      )}
      after={(list) => (
        <ConfirmDialog
          open={removing !== null}
          onClose={() => setRemoving(null)}
          title="Remove from the warehouse?"
          message={removing ? `${removing.user?.full_name ?? 'This person'} will no longer work at ${removing.warehouse?.name ?? 'this warehouse'}.` : ''}
          confirmLabel="Remove"
          destructive
          onConfirm={async () => {
            if (!removing) return;
            await removeStaff(tenantId, removing.id);
            toast.success('Staff member removed');
            list.refetch();
          }}
        />
      )}
    />
  );
}

export default StaffListPage;
