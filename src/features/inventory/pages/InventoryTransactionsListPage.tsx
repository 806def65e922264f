import { useLocation } from 'wouter';
import { inventoryItemLabel, lookupInventoryItems } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { Button } from '../../../ui/Button';
import { FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { useLiveWarehouseList, type WarehouseTable } from '../../../data/warehouse-live';
import { listTransactions } from '../api';
import { transactionList } from '../list';
import { optionLabel, toOptions, TRANSACTION_TYPES, type TransactionRow, type TransactionType } from '../schema';

const columns: DataTableColumn<TransactionRow>[] = [
  { id: 'performed_by', header: 'Performed by', cell: (t) => t.performed_by?.full_name ?? '—' },
  { id: 'item', header: 'Item SKU', cell: (t) => <span title={t.item.name}>{t.item.sku}</span> },
  { id: 'transaction_type', header: 'Transaction type', cell: (t) => optionLabel(t.transaction_type) },
  { id: 'reference_type', header: 'Reference type', hideBelow: 'md', cell: (t) => optionLabel(t.reference_type) },
  { id: 'warehouse', header: 'Warehouse', hideBelow: 'md', cell: (t) => t.warehouse.name },
  { id: 'from_bin', header: 'From bin', cell: (t) => t.from_bin?.code ?? '—' },
  { id: 'to_bin', header: 'To bin', cell: (t) => t.to_bin?.code ?? '—' },
  { id: 'quantity', header: 'Quantity', align: 'end', cell: (t) => t.quantity },
  { id: 'created_at', header: 'When', hideBelow: 'lg', cell: (t) => formatDateTime(t.created_at) },
];

/** Transactions are not broadcast (too many): a stock change on the warehouses' topics means new ones. */
const LIVE_TABLES: readonly WarehouseTable[] = ['inventory_stock'];

export function InventoryTransactionsListPage() {
  const tenantId = useTenantId() ?? '';
  const live = useLiveWarehouseList({ tenantId, warehouse: useListUrlState(transactionList).state.filters.warehouse, tables: LIVE_TABLES });
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title="Inventory Transactions"
      section="Warehousing"
      label="Inventory transactions"
      list={transactionList}
      liveState={live.state}
      queryKey={['inventory-transactions', tenantId]}
      fetchPage={(state, context) => listTransactions(tenantId, state, context)}
      rowKey={(t: TransactionRow) => t.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(t) => `${optionLabel(t.transaction_type)} ${t.quantity} ${t.item.sku}`}
      searchPlaceholder="Search SKU, item, lot, serial or person"
      toolbar={<Button onClick={() => navigate(adminPaths.inventoryTransactionCreate())}>Add Transaction</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterSelect label="Transaction type" value={draft.type} options={toOptions(TRANSACTION_TYPES) as { value: TransactionType; label: string }[]} onChange={(type) => setDraft({ ...draft, type })} />
          <FilterDateRange label="Date" from={draft.from} to={draft.to} onChange={({ from, to }) => setDraft({ ...draft, from, to })} />
          <LookupFilter
            label="Warehouse"
            value={draft.warehouse}
            onChange={(warehouse) => setDraft({ ...draft, warehouse })}
            {...warehouseLookup(tenantId)}
          />
          <LookupFilter
            label="Item"
            value={draft.item}
            onChange={(item) => setDraft({ ...draft, item })}
            search={(term, signal, limit) => lookupInventoryItems(tenantId, term, limit, signal)}
            resolveLabel={(id) => inventoryItemLabel(tenantId, id)}
          />
        </div>
      )}
      after={live.render}
    />
  );
}

export default InventoryTransactionsListPage;
