import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { useTenantId } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/PageHeader';
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
  const table = useListUrlState(supplierList);
  const list = useServerList({
    queryKey: ['suppliers', tenantId],
    state: table.state,
    fetchPage: (state, context) => listSuppliers(tenantId, state, context),
    rowKey: (s: Supplier) => s.id,
    enabled: tenantId !== '',
  });

  return (
    <div className="space-y-4">
      <PageHeader title="Suppliers" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Suppliers' }]} />
      <DataTable
        label="Suppliers"
        columns={columns}
        {...table}
        {...list.tableProps}
        rowLabel={(s) => s.name}
        searchPlaceholder="Search name, code or contact"
        rowActions={(s) => [{ label: 'Edit', onSelect: () => navigate(adminPaths.supplierEdit(s.id)) }]}
        toolbar={<Button onClick={() => navigate(adminPaths.supplierCreate())}>Add supplier</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect
              label="Status"
              value={draft.active === undefined ? undefined : draft.active ? 'true' : 'false'}
              options={[
                { value: 'true', label: 'Active' },
                { value: 'false', label: 'Inactive' },
              ]}
              onChange={(value) => setDraft({ ...draft, active: value === undefined ? undefined : value === 'true' })}
            />
            <FilterSelect label="Payment terms" value={draft.terms} options={paymentTerms.options} onChange={(terms) => setDraft({ ...draft, terms })} />
          </div>
        )}
      />
    </div>
  );
}

export default SuppliersListPage;
