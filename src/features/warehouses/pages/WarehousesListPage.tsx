import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listWarehouses } from '../api';
import { warehouseStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { warehouseList } from '../list';
import { addressLabel } from '../../../data/address-label';
import { warehouseMessages, type WarehouseKey } from '../messages';
import type { Warehouse } from '../schema';
import { accessOptions, accessWords } from '../words';
import { useStatuses } from '../../../lib/status-vocabulary';

function warehouseColumns(t: Translate<WarehouseKey>, format: LocaleFormat): DataTableColumn<Warehouse>[] {
  return [
  {
    id: 'name',
    header: t('col.name'),
    sortable: true,
    cell: (w) => (
      <Link href={adminPaths.warehouse(w.id)} className="font-medium text-brand hover:underline">
        {w.name}
      </Link>
    ),
  },
  { id: 'code', header: t('col.code'), cell: (w) => w.code, sortable: true, width: '8rem' },
  { id: 'address', header: t('col.address'), cell: (w) => (w.address ? addressLabel(w.address) : '—'), hideBelow: 'lg' },
  { id: 'status', header: t('col.status'), cell: (w) => <StatusChip vocabulary={warehouseStatus} status={w.status} /> },
  { id: 'total_capacity', header: t('col.total'), cell: (w) => format.number(w.total_capacity), sortable: true, align: 'end', hideBelow: 'md' },
  { id: 'available_capacity', header: t('col.available'), cell: (w) => format.number(w.available_capacity), sortable: true, align: 'end', hideBelow: 'md' },
  { id: 'access', header: t('col.access'), cell: (w) => accessWords(t, w.access_mode), hideBelow: 'lg' },
];
}

export function WarehousesListPage() {
  const statusWords = useStatuses(warehouseStatus);
  const t = useT(warehouseMessages);
  const access = useMemo(() => accessOptions(t), [t]);
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      words={{ catalogue: warehouseMessages, title: 'list.title', search: 'list.search', add: 'list.add' }}
      list={warehouseList} resource="warehouses" fetchPage={listWarehouses} columns={warehouseColumns} rowLabel={(w) => w.name}
      create={adminPaths.warehouseCreate()}
      rowActions={(w) => [
        { label: t('list.view'), onSelect: () => navigate(adminPaths.warehouse(w.id)) },
        { label: t('list.edit'), onSelect: () => navigate(adminPaths.warehouseEdit(w.id)) },
      ]}
      filterFields={({ field }) => (
        <>
          <FilterSelect label={t('col.status')} options={statusWords.options} {...field('status')} />
          <FilterSelect label={t('filter.accessMode')} options={access} {...field('access')} />
        </>
      )}
    />
  );
}

export default WarehousesListPage;
