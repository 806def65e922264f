import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { Button } from '../../../ui/Button';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listSuppliers } from '../api';
import { ActiveChip } from '../../../ui/Chip';
import { supplierList } from '../list';
import { supplierMessages, type SupplierKey } from '../messages';
import type { Supplier } from '../schema';
import { termsOptions, termsWords } from '../words';

function supplierColumns(t: Translate<SupplierKey>): DataTableColumn<Supplier>[] {
  return [
  { id: 'name', header: t('col.name'), cell: (s) => s.name, sortable: true },
  { id: 'code', header: t('col.code'), cell: (s) => s.code, sortable: true, width: '8rem' },
  { id: 'contact', header: t('col.contact'), cell: (s) => s.contact_name ?? '—', hideBelow: 'md' },
  { id: 'email', header: t('col.email'), cell: (s) => s.contact_email ?? '—', hideBelow: 'lg' },
  { id: 'phone', header: t('col.phone'), cell: (s) => s.contact_phone ?? '—', hideBelow: 'lg' },
  { id: 'lead_time_days', header: t('col.leadTime'), cell: (s) => t('list.days', { count: s.lead_time_days }), sortable: true, align: 'end' },
  { id: 'terms', header: t('col.terms'), cell: (s) => termsWords(t, s.payment_terms), hideBelow: 'md' },
  { id: 'active', header: t('col.status'), cell: (s) => <ActiveChip active={s.active} /> },
];
}

export function SuppliersListPage() {
  const t = useT(supplierMessages);
  const columns = useMemo(() => supplierColumns(t), [t]);
  const terms = useMemo(() => termsOptions(t), [t]);
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title={t('list.title')}
      list={supplierList}
      resource="suppliers"
      fetchPage={listSuppliers}
      columns={columns}
      rowLabel={(s) => s.name}
      searchPlaceholder={t('list.search')}
      rowActions={(s) => [{ label: t('list.edit'), onSelect: () => navigate(adminPaths.supplierEdit(s.id)) }]}
      toolbar={<Button onClick={() => navigate(adminPaths.supplierCreate())}>{t('list.add')}</Button>}
      filterFields={({ field }) => (
        <div className="space-y-4">
          <FilterActive {...field('active')} />
          <FilterSelect label={t('col.terms')} options={terms} {...field('terms')} />
        </div>
      )}
    />
  );
}

export default SuppliersListPage;
