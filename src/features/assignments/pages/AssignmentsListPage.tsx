import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import type { ServerList } from '../../../lib/use-server-list';
import { publicFileUrl } from '../../../lib/storage-url';
import { useTenantId } from '../../../lib/tenant';
import { Avatar } from '../../../ui/Avatar';
import { type DataTableColumn } from '../../../ui/data-table';
import { FilterSelect } from '../../../ui/data-table/FilterSelect';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage, useLiveCollectionList } from '../../../ui/ServerListPage';
import { assignableDeliveryLookup } from '../../../data/deliveries';
import { driverLookup } from '../../../data/drivers';
import { staffLookup } from '../../../data/people';
import { vehicleLookup } from '../../../data/vehicles';
import { listAssignments } from '../api';
import { assignmentsSource } from '../atoms';
import { assignmentList } from '../list';
import { assignmentMessages, type AssignmentKey } from '../messages';
import { assignmentStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import {
  toListChanges,
  notEditableReason,
  type AssignmentRow,
} from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';

/** The columns in the page's language (headers, the vehicle image's text, times of the locale). */
const assignmentColumns = (t: Translate<AssignmentKey>, format: LocaleFormat): DataTableColumn<AssignmentRow>[] => [
  { id: 'assigned_by', header: t('col.assignedBy'), sortable: true, hideBelow: 'md', cell: (a) => a.assigned_by?.full_name ?? '—' },
  {
    id: 'driver',
    header: t('col.driver'),
    sortable: true,
    cell: (a) => {
      const name = a.drivers?.user.full_name ?? '—';
      return (
        <span className="flex items-center gap-2">
          <Avatar name={name} src={publicFileUrl(a.drivers?.user.avatar_url)} size="sm" />
          <span>{name}</span>
        </span>
      );
    },
  },
  {
    id: 'vehicle',
    header: t('col.vehicle'),
    sortable: true,
    cell: (a) => {
      if (!a.vehicles) return '—';
      const src = publicFileUrl(a.vehicles.image_url);
      return (
        <span className="flex items-center gap-2">
          {src ? (
            <img src={src} alt={t('list.vehicleImage', { name: a.vehicles.name })} className="size-10 rounded object-cover" loading="lazy" />
          ) : (
            <span className="inline-block size-10 rounded bg-slate-100 dark:bg-slate-800" aria-label={t('list.noImage')} role="img" />
          )}
          <span>{a.vehicles.name}</span>
        </span>
      );
    },
  },
  { id: 'assignment_time', header: t('col.time'), sortable: true, cell: (a) => format.dateTime(a.assignment_time) },
  {
    id: 'delivery',
    header: t('col.delivery'),
    sortable: true,
    cell: (a) =>
      a.delivery ? (
        <span>
          <span className="block font-medium">{a.delivery.delivery_code}</span>
          {a.delivery.external_reference_id && <span className="block text-xs text-slate-600 dark:text-slate-400">{a.delivery.external_reference_id}</span>}
        </span>
      ) : (
        '—'
      ),
  },
  { id: 'status', header: t('col.status'), sortable: true, cell: (a) => <StatusChip vocabulary={assignmentStatus} status={a.status} /> },
];

/** A live change of an assignment, as the list's rows (toListChanges keeps what the view joined). */
const useAssignmentsLive = (list: ServerList<AssignmentRow>, tenantId: string) => useLiveCollectionList(assignmentsSource, tenantId, list, toListChanges);

/** The tenant's assignments, 25 a page, filters and search in the URL, live. */
export function AssignmentsListPage() {
  const statuses = useStatuses(assignmentStatus);
  const t = useT(assignmentMessages);
  const tenantId = useTenantId() ?? '';
  return (
    <ServerListPage
      words={{ catalogue: assignmentMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      list={assignmentList} resource="assignments" fetchPage={listAssignments} statuses={statuses} useLive={useAssignmentsLive}
      columns={assignmentColumns}
      rowLabel={(a) => t('list.rowLabel', { delivery: a.delivery?.delivery_code ?? t('list.someDelivery'), driver: a.drivers?.user.full_name ?? t('list.someDriver') })}
      create={adminPaths.assignmentCreate()} edit={(a) => ({ path: adminPaths.assignmentEdit(a.id), locked: notEditableReason(a.status, t) })}
      filterFields={({ field }) => (
        <>
          <FilterSelect label={t('col.status')} options={statuses.options} {...field('status')} />
          <LookupFilter label={t('col.driver')} {...field('driver_id')} {...driverLookup(tenantId, { everyone: true })} />
          <LookupFilter label={t('col.vehicle')} {...field('vehicle_id')} {...vehicleLookup(tenantId)} />
          <LookupFilter label={t('col.assignedBy')} {...field('assigned_by')} {...staffLookup(tenantId, { activeOnly: false })} />
          <LookupFilter label={t('col.delivery')} {...field('delivery_id')} {...assignableDeliveryLookup(tenantId)} />
        </>
      )}
    />
  );
}

export default AssignmentsListPage;
