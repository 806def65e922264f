import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listSuppliers } from '../api';
import { ActiveChip } from '../../../ui/Chip';
import { supplierList } from '../list';
import { paymentTerms, type Supplier } from '../schema';

const columns: DataTableColumn<Supplier>[] = [
  { id: 'name', header: 'Name', cell: (s) => s.name, sortable: true },
  { id: 'code', header: 'Code', cell: (s) => s.code, sortable: true, width: '8rem' },
  { id: 'contact', header: 'Contact', cell: (s) => s.contact_name ?? '—', hideBelow: 'md' },
  { id: 'email', header: 'Email', cell: (s) => s.contact_email ?? '—', hideBelow: 'lg' },
  { id: 'phone', header: 'Phone', cell: (s) => s.contact_phone ?? '—', hideBelow: 'lg' },
  { id: 'lead_time_days', header: 'Lead time', cell: (s) => `${s.lead_time_days} ${s.lead_time_days === 1 ? 'day' : 'days'}`, sortable: true, align: 'end' },
  { id: 'terms', header: 'Payment terms', cell: (s) => paymentTerms.label(s.payment_terms), hideBelow: 'md' },
  { id: 'active', header: 'Status', cell: (s) => <ActiveChip active={s.active} /> },
];

export function SuppliersListPage() {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title="Suppliers"
      list={supplierList}
      queryKey={['suppliers', tenantId]}
      fetchPage={(state, context) => listSuppliers(tenantId, state, context)}
      rowKey={(row: Supplier) => row.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(s) => s.name}
      searchPlaceholder="Search name, code or contact"
      rowActions={(s) => [{ label: 'Edit', onSelect: () => navigate(adminPaths.supplierEdit(s.id)) }]}
      toolbar={<Button onClick={() => navigate(adminPaths.supplierCreate())}>Add supplier</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterActive value={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
          <FilterSelect label="Payment terms" value={draft.terms} options={paymentTerms.options} onChange={(terms) => setDraft({ ...draft, terms })} />
        </div>
      )}
    />
  );
}

export default SuppliersListPage;
