import { useMemo, useState } from 'react';
import { useWarehousingWords } from '../../../data/warehousing-words';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ServerListPage } from '../../../ui/ServerListPage';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { listStaff, removeStaff } from '../api';
import { ActiveChip } from '../../../ui/Chip';
import type { WarehouseStaff } from '../../../data/warehousing';
import { useWarehouseChoices } from '../../../data/warehouses';
import { warehouseFilterOptions } from '../../../data/warehouse-options';
import { staffList } from '../list';
import { staffMessages } from '../messages';

export function StaffListPage() {
  const t = useT(staffMessages);
  const { language } = useFormat();
  const { staffRoles } = useWarehousingWords();
  const columns = useMemo<DataTableColumn<WarehouseStaff>[]>(() => {
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return [
      { id: 'name', header: t('col.name'), cell: (s) => s.user?.full_name ?? t('list.unnamed') },
      { id: 'email', header: t('col.email'), cell: (s) => s.user?.email ?? '—', hideBelow: 'lg' },
      { id: 'warehouse', header: t('col.warehouse'), cell: (s) => (s.warehouse ? `${s.warehouse.name} (${s.warehouse.code})` : '—'), hideBelow: 'md' },
      { id: 'role', header: t('col.role'), cell: (s) => staffRoles.label(s.role), sortable: true },
      { id: 'active', header: t('col.status'), cell: (s) => <ActiveChip active={s.active} /> },
      { id: 'created_at', header: t('col.since'), cell: (s) => date.format(new Date(s.created_at)), sortable: true, hideBelow: 'lg' },
    ];
  }, [t, language, staffRoles]);
  const tenantId = useTenantId() ?? '';
  const toast = useToast();
  const warehouses = useWarehouseChoices(tenantId);
  const [removing, setRemoving] = useState<WarehouseStaff | null>(null);

  return (
    <ServerListPage
      words={{ catalogue: staffMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      label={t('list.label')}
      list={staffList} resource="warehouse_staff" fetchPage={listStaff} columns={columns}
      rowLabel={(s) => t('list.rowLabel', { name: s.user?.full_name ?? t('list.unnamed'), warehouse: s.warehouse?.code ?? t('list.theWarehouse') })}
      create={adminPaths.staffCreate()} edit={(s) => adminPaths.staffEdit(s.id)}
      rowActions={(s) => [{ label: t('list.remove'), destructive: true, onSelect: () => setRemoving(s) }]}
      filterFields={({ field }) => (
        <>
          <FilterSelect label={t('col.warehouse')} options={warehouseFilterOptions(warehouses)} {...field('warehouse')} />
          <FilterSelect label={t('col.role')} options={staffRoles.options} {...field('role')} />
          <FilterActive {...field('active')} />
        </>
      )}
      after={(list) => (
        <ConfirmDialog
          open={removing !== null}
          onClose={() => setRemoving(null)}
          title={t('remove.title')}
          message={removing ? t('remove.message', { name: removing.user?.full_name ?? t('remove.thisPerson'), warehouse: removing.warehouse?.name ?? t('remove.thisWarehouse') }) : ''}
          confirmLabel={t('remove.confirm')}
          destructive
          onConfirm={async () => {
            if (!removing) return;
            await removeStaff(tenantId, removing.id);
            toast.success(t('toast.removed'));
            list.refetch();
          }}
        />
      )}
    />
  );
}

export default StaffListPage;
