import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { staffUserLookup } from '../../../data/warehouse-staff';
import { warehouseLookup } from '../../../data/warehouses';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { warehouseListLive } from '../../../data/warehouse-live';
import { listPickOrders } from '../api';
import { BuildBatchDialog } from '../components/BuildBatchDialog';
import { pickOrderMessages, type PickOrderKey } from '../messages';
import { navMessages } from '../../../lib/nav/messages';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { pickOrderList } from '../list';
import { pickOrderStatus, type PickOrderStatus } from '../../../data/statuses';
import { orderTypes, type OrderType, type PickOrderRow } from '../schema';
import { useStatuses, type StatusVocabulary } from '../../../lib/status-vocabulary';

/** The columns in the page's language: headers, the order type's words, the picked count, the due date. */
const pickOrderColumns = (types: StatusVocabulary<OrderType>) => (t: Translate<PickOrderKey>, format: LocaleFormat): DataTableColumn<PickOrderRow>[] => [
  {
    id: 'reference_number',
    header: t('col.reference'),
    sortable: true,
    cell: (o) => (
      <Link href={adminPaths.pickOrderEdit(o.id)} className="font-medium text-brand hover:underline">
        {o.reference_number}
      </Link>
    ),
  },
  { id: 'warehouse', header: t('col.warehouse'), hideBelow: 'md', cell: (o) => <span title={o.warehouse_name}>{o.warehouse_code}</span> },
  {
    id: 'order_type',
    header: t('col.type'),
    hideBelow: 'md',
    cell: (o) => (o.batch_reference ? t('list.typeInBatch', { type: types.label(o.order_type), batch: o.batch_reference }) : types.label(o.order_type)),
  },
  { id: 'priority', header: t('col.priority'), sortable: true, align: 'end', width: '6rem', cell: (o) => o.priority },
  { id: 'status', header: t('col.status'), sortable: true, cell: (o) => <StatusChip vocabulary={pickOrderStatus} status={o.status} /> },
  { id: 'progress', header: t('col.picked'), align: 'end', hideBelow: 'lg', cell: (o) => t('list.progress', { picked: o.picked_items, total: o.total_items }) },
  { id: 'assigned_to', header: t('col.assignedTo'), hideBelow: 'lg', cell: (o) => o.assigned_to_name ?? '—' },
  { id: 'due_date', header: t('col.dueDate'), sortable: true, width: '8rem', cell: (o) => format.date(o.due_date) },
];

/** Pick orders' changes arrive on the warehouses' topics. */
const usePickOrdersLive = warehouseListLive(pickOrderList, ['pick_orders']);

/** picking-orders: status, type, warehouse, assignee and due date filters, server-side, in the URL. */
export function PickOrdersListPage() {
  const statusWords = useStatuses(pickOrderStatus);
  const nav = useT(navMessages);
  const tenantId = useTenantId() ?? '';
  const warehouseFilter = useListUrlState(pickOrderList).state.filters.warehouse;
  const [, navigate] = useLocation();
  const t = useT(pickOrderMessages);
  const types = useStatuses(orderTypes);
  const columns = useMemo(() => pickOrderColumns(types), [types]);
  const [building, setBuilding] = useState(false);
  return (
    <>
      <ServerListPage
        words={{ catalogue: pickOrderMessages, title: 'list.title', search: 'list.search', add: 'list.add' }}
        section={nav('group.warehousing')}
        list={pickOrderList} useLive={usePickOrdersLive} resource="pick-orders" fetchPage={listPickOrders} columns={columns} rowLabel={(o) => o.reference_number}
        create={adminPaths.pickOrderCreate()}
        edit={(o) => ({ path: adminPaths.pickOrderEdit(o.id), label: o.status === 'pending' || o.status === 'in_progress' ? t('list.edit') : t('list.open') })}
        toolbar={
          <Button variant="secondary" onClick={() => setBuilding(true)}>
            {t('batch.open')}
          </Button>
        }
        filterFields={({ draft, setDraft, field }) => (
          <>
            <FilterSelect<PickOrderStatus> label={t('col.status')} options={statusWords.options} {...field('status')} />
            <FilterSelect<OrderType> label={t('filter.orderType')} options={types.options} {...field('type')} />
            <LookupFilter label={t('col.warehouse')} {...field('warehouse')} {...warehouseLookup(tenantId)} />
            <LookupFilter label={t('col.assignedTo')} {...field('assignee')} {...staffUserLookup(tenantId, draft.warehouse ?? null)} />
            <FilterDateRange label={t('col.dueDate')} from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
          </>
        )}
      />
      <BuildBatchDialog
        open={building}
        tenantId={tenantId}
        warehouseId={warehouseFilter}
        onClose={() => setBuilding(false)}
        onBuilt={(result) => {
          setBuilding(false);
          const first = result.batches[0]?.id;
          if (first) navigate(adminPaths.pickOrderEdit(first));
        }}
      />
    </>
  );
}

export default PickOrdersListPage;
