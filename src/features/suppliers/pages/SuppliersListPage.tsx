import { useMemo } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
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
  const terms = useMemo(() => termsOptions(t), [t]);
  return (
    <ServerListPage
      words={{ catalogue: supplierMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      list={supplierList} resource="suppliers" fetchPage={listSuppliers} columns={supplierColumns} rowLabel={(s) => s.name}
      create={adminPaths.supplierCreate()} edit={(s) => adminPaths.supplierEdit(s.id)}
      filterFields={({ field }) => (
        <>
          <FilterActive {...field('active')} />
          <FilterSelect label={t('col.terms')} options={terms} {...field('terms')} />
        </>
      )}
    />
  );
}

export default SuppliersListPage;
