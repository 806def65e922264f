import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { packageHandoffStatus, PACKAGE_HANDOFF_FILTER_STATUSES, type PackageHandoffStatus } from '../../../data/statuses/package-handoff';
import { warehouseListLive } from '../../../data/warehouse-live';
import { warehouseLookup } from '../../../data/warehouses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { navMessages } from '../../../lib/nav/messages';
import { useStatuses } from '../../../lib/status-vocabulary';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { StatusChip } from '../../../ui/Chip';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listPackageHandoffs } from '../api';
import { CreateHandoffDialog, EditHandoffDialog } from '../components/HandoffDialogs';
import { packageHandoffList } from '../list';
import { handoffMessages, type HandoffKey } from '../messages';
import type { PackageHandoffRow } from '../schema';

const useHandoffsLive = warehouseListLive(packageHandoffList, ['package_handoffs']);

/** The columns in the page's language, moments in the locale's format. */
const handoffColumns = (t: Translate<HandoffKey>, format: LocaleFormat): DataTableColumn<PackageHandoffRow>[] => [
  { id: 'staff_name', header: t('col.staff'), sortable: true, cell: (h) => <span className="font-medium">{h.staff_name ?? '—'}</span> },
  { id: 'initiated_at', header: t('col.initiated'), sortable: true, width: '11rem', cell: (h) => format.dateTime(h.initiated_at) },
  { id: 'completed_at', header: t('col.completed'), sortable: true, width: '11rem', hideBelow: 'md', cell: (h) => format.dateTime(h.completed_at) },
  { id: 'status', header: t('col.status'), sortable: true, width: '9rem', cell: (h) => <StatusChip vocabulary={packageHandoffStatus} status={h.status} /> },
  { id: 'warehouse_code', header: t('col.warehouseCode'), sortable: true, hideBelow: 'md', cell: (h) => h.warehouse_code },
  { id: 'warehouse_name', header: t('col.warehouse'), sortable: true, hideBelow: 'lg', cell: (h) => h.warehouse_name },
];

/**
 * package-handoff (and package-handoff/create, the same list with the Add modal open): server-side
 * search, status and warehouse filters in the URL; live on the topics of the warehouses the user
 * may access (the filtered one when set). Edit opens a modal; a completed handoff cannot be edited.
 */
export function PackageHandoffsListPage({ creating = false }: { creating?: boolean }) {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const search = useSearch();
  const [editing, setEditing] = useState<PackageHandoffRow | null>(null);
  const t = useT(handoffMessages);
  const nav = useT(navMessages);
  const format = useFormat();
  const statuses = useStatuses(packageHandoffStatus);
  // The filter offers the statuses a handoff is looked up by, in the page's language.
  const filterStatuses = useMemo(() => statuses.options.filter((option) => (PACKAGE_HANDOFF_FILTER_STATUSES as readonly string[]).includes(option.value)), [statuses]);
  const listPath = adminPaths.packageHandoffs();
  const query = search ? `?${search}` : '';

  return (
    <ServerListPage
      words={{ catalogue: handoffMessages, title: 'list.title', search: 'list.search', add: 'list.add' }}
      label={t('list.label')}
      section={nav('group.warehousing')}
      list={packageHandoffList} resource="package-handoffs" fetchPage={listPackageHandoffs} columns={handoffColumns} useLive={useHandoffsLive}
      rowLabel={(h) => t('list.rowLabel', { staff: h.staff_name ?? h.staff_role, warehouse: h.warehouse_code, when: format.dateTime(h.initiated_at) })}
      rowActions={(h) => [
        {
          label: t('list.edit'),
          onSelect: () => setEditing(h),
          disabled: h.status === 'completed',
          reason: h.status === 'completed' ? t('list.completedReason') : undefined,
        },
      ]}
      create={`${adminPaths.packageHandoffCreate()}${query}`}
      filterFields={({ draft, setDraft, field }) => (
        <>
          <FilterSelect<PackageHandoffStatus> label={t('col.status')} value={draft.status} options={filterStatuses} onChange={(status) => setDraft({ ...draft, status: status as typeof draft.status })} />
          <LookupFilter label={t('col.warehouse')} {...field('warehouse')} {...warehouseLookup(tenantId)} />
        </>
      )}
      after={(list) => (
        <>
          <CreateHandoffDialog
            open={creating}
            tenantId={tenantId}
            // Only while still on the create route: the dialog also closes when the page is hidden on the
            // way to another screen (a nav link, the browser's back), and must not pull the user back.
            onClose={() => {
              if (window.location.pathname.endsWith(adminPaths.packageHandoffCreate())) navigate(`${listPath}${query}`);
            }}
            onSaved={() => {
              navigate(`${listPath}${query}`);
              list.refetch();
            }}
          />
          <EditHandoffDialog
            handoff={editing}
            tenantId={tenantId}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              list.refetch();
            }}
          />
        </>
      )}
    />
  );
}

export function PackageHandoffCreatePage() {
  return <PackageHandoffsListPage creating />;
}

export default PackageHandoffsListPage;
