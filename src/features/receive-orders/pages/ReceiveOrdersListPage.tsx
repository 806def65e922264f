import { useState } from 'react';
import { useLocation } from 'wouter';
import { receiveOrderStatus, type ReceiveOrderStatus } from '../../../data/statuses';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import type { ServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { useLiveWarehouseList, type WarehouseTable } from '../../../data/warehouse-live';
import { useToast } from '../../../ui/toast';
import { listReceiveOrders, transitionReceiveOrder } from '../api';
import { receiveOrderList } from '../list';
import type { ReceiveOrderRow } from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';

const columns: DataTableColumn<ReceiveOrderRow>[] = [
  { id: 'receive_code', header: 'Code', sortable: true, cell: (o) => o.receive_code },
  { id: 'supplier_name', header: 'Supplier', sortable: true, cell: (o) => o.supplier_name },
  { id: 'warehouse_name', header: 'Warehouse', hideBelow: 'md', cell: (o) => o.warehouse_name },
  { id: 'reference', header: 'Reference', hideBelow: 'lg', cell: (o) => o.reference ?? '—' },
  { id: 'expected_date', header: 'Expected', sortable: true, hideBelow: 'md', cell: (o) => o.expected_date ?? '—' },
  { id: 'received', header: 'Received', cell: (o) => `${o.received_total} / ${o.expected_total}` },
  { id: 'status', header: 'Status', sortable: true, cell: (o) => <StatusChip status={o.status} vocabulary={receiveOrderStatus} /> },
];

const LIVE_TABLES: readonly WarehouseTable[] = ['receive_orders'];

export function ReceiveOrdersListPage() {
  const statusWords = useStatuses(receiveOrderStatus);
  const tenantId = useTenantId() ?? '';
  const live = useLiveWarehouseList({ tenantId, warehouse: useListUrlState(receiveOrderList).state.filters.warehouse, tables: LIVE_TABLES });
  const [, navigate] = useLocation();
  const toast = useToast();
  const [cancelling, setCancelling] = useState<ReceiveOrderRow | null>(null);

  async function place(order: ReceiveOrderRow, list: ServerList<ReceiveOrderRow>) {
    try {
      await transitionReceiveOrder(order.id, 'ordered');
      toast.success(`${order.receive_code} ordered`);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'The order could not be placed');
    }
    list.refetch();
  }

  return (
    <ServerListPage
      title="Receive Orders"
      section="Warehousing"
      label="Receive orders"
      list={receiveOrderList}
      liveState={live.state}
      queryKey={['receive-orders', tenantId]}
      fetchPage={(state, context) => listReceiveOrders(tenantId, state, context)}
      rowKey={(order: ReceiveOrderRow) => order.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(o) => o.receive_code}
      searchPlaceholder="Search code, reference or supplier"
      rowActions={(o, list) => [
        ...(o.status === 'draft' || o.status === 'ordered' ? [{ label: 'Edit', onSelect: () => navigate(adminPaths.receiveOrderEdit(o.id)) }] : []),
        ...(o.status === 'draft' ? [{ label: 'Place order', onSelect: () => void place(o, list) }] : []),
        ...(o.status === 'draft' || o.status === 'ordered' ? [{ label: 'Cancel order', onSelect: () => setCancelling(o) }] : []),
      ]}
      toolbar={<Button onClick={() => navigate(adminPaths.receiveOrderCreate())}>Add Receive Order</Button>}
      filterFields={(draft, setDraft) => (
        <FilterSelect<ReceiveOrderStatus>
          label="Status"
          value={draft.status}
          options={statusWords.options}
          onChange={(status) => setDraft({ ...draft, status })}
        />
      )}
      after={(list) => (
        <>
          {live.render(list)}
        <ConfirmDialog
          open={cancelling !== null}
          onClose={() => setCancelling(null)}
          title="Cancel receive order"
          message={cancelling ? `Cancel ${cancelling.receive_code}? Nothing more can be received on it.` : ''}
          confirmLabel="Cancel order"
          cancelLabel="Keep it"
          destructive
          onConfirm={async () => {
            if (!cancelling) return;
            await transitionReceiveOrder(cancelling.id, 'cancelled');
            toast.success(`${cancelling.receive_code} cancelled`);
            list.refetch();
          }}
        />
        </>
      )}
    />
  );
}

export default ReceiveOrdersListPage;
