import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { warehouseLookup } from '../../../data/warehouses';
import { inventoryAuditStatus, type InventoryAuditStatus } from '../../../data/statuses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { StatusChip } from '../../../ui/Chip';
import { FilterDate, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listAudits } from '../api';
import { auditList } from '../list';
import { auditMessages, type AuditKey } from '../messages';
import { auditTypes, type AuditRow, type AuditType } from '../schema';
import { useStatuses, type StatusVocabulary } from '../../../lib/status-vocabulary';

/** The columns in the page's language: headers, the audit type's words, the moments and dates in the locale's formats. */
const auditColumns = (types: StatusVocabulary<AuditType>) => (t: Translate<AuditKey>, format: LocaleFormat): DataTableColumn<AuditRow>[] => [
  {
    id: 'created_by',
    header: t('col.createdBy'),
    cell: (a) => (
      <Link href={adminPaths.inventoryAudit(a.id)} className="font-medium text-brand hover:underline">
        {a.created_by_name ?? t('list.unknown')}
      </Link>
    ),
  },
  { id: 'completed_by', header: t('col.completedBy'), hideBelow: 'lg', cell: (a) => a.completed_by_name ?? '—' },
  { id: 'warehouse', header: t('col.warehouse'), hideBelow: 'md', cell: (a) => <span title={a.warehouse_code}>{a.warehouse_name}</span> },
  { id: 'audit_type', header: t('col.type'), sortable: true, cell: (a) => types.label(a.audit_type) },
  { id: 'status', header: t('col.status'), sortable: true, cell: (a) => <StatusChip vocabulary={inventoryAuditStatus} status={a.status} /> },
  { id: 'created_at', header: t('col.createdAt'), sortable: true, hideBelow: 'md', cell: (a) => format.dateTime(a.created_at) },
  { id: 'notes', header: t('col.notes'), hideBelow: 'lg', cell: (a) => <span className="line-clamp-1 max-w-xs">{a.notes ?? '—'}</span> },
  { id: 'scheduled_date', header: t('col.scheduled'), sortable: true, width: '9rem', cell: (a) => format.date(a.scheduled_date) },
];

/** inventory-audits: audit type, status, warehouse and scheduled date filters and search, server-side, in the URL. */
export function InventoryAuditsListPage() {
  const statusWords = useStatuses(inventoryAuditStatus);
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const t = useT(auditMessages);
  const nav = useT(navMessages);
  const types = useStatuses(auditTypes);
  const columns = useMemo(() => auditColumns(types), [types]);
  return (
    <ServerListPage
      title={nav('nav.inventoryAudits')}
      words={{ catalogue: auditMessages, search: 'list.search', add: 'list.add' }}
      list={auditList} resource="inventory-audits" fetchPage={listAudits} columns={columns}
      rowLabel={(a) => t('list.rowLabel', { type: types.label(a.audit_type), warehouse: a.warehouse_name })}
      create={adminPaths.inventoryAuditCreate()}
      rowActions={(a) => [{ label: a.status === 'in_progress' ? t('list.count') : t('list.open'), onSelect: () => navigate(adminPaths.inventoryAudit(a.id)) }]}
      filterFields={({ field }) => (
        <>
          <FilterSelect<AuditType> label={t('col.type')} options={types.options} {...field('audit_type')} />
          <FilterSelect<InventoryAuditStatus> label={t('col.status')} options={statusWords.options} {...field('status')} />
          <LookupFilter label={t('col.warehouse')} {...field('warehouse')} {...warehouseLookup(tenantId)} />
          <FilterDate label={t('col.scheduled')} {...field('scheduled_date')} />
        </>
      )}
    />
  );
}

export default InventoryAuditsListPage;
