import { useLocation } from 'wouter';
import { inventoryItemLabel, lookupInventoryItems } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { Button } from '../../../ui/Button';
import { Chip, type ChipTone } from '../../../ui/Chip';
import { FilterNumberRange, FilterSelect, FilterText, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { useLiveWarehouseList, type WarehouseTable } from '../../../data/warehouse-live';
import { listStock } from '../api';
import { stockList } from '../list';
import { optionLabel, STOCK_LIST_STATUSES, toOptions, type StockListStatus, type StockRow } from '../schema';

/** Green available, warning reserved, red damaged or expired. */
export const STOCK_TONES: Record<StockListStatus, ChipTone> = { available: 'success', reserved: 'warning', damaged: 'error', expired: 'error' };

const columns: DataTableColumn<StockRow>[] = [
  { id: 'item_name', header: 'Item', sortable: true, cell: (s) => <span title={s.item_sku}>{s.item_name}</span> },
  { id: 'warehouse_name', header: 'Warehouse', sortable: true, hideBelow: 'md', cell: (s) => s.warehouse_name },
  { id: 'bin_code', header: 'Bin', sortable: true, cell: (s) => s.bin_code },
  { id: 'quantity', header: 'Quantity', sortable: true, align: 'end', cell: (s) => s.quantity },
  { id: 'lot_number', header: 'Lot number', hideBelow: 'lg', cell: (s) => s.lot_number ?? '—' },
  { id: 'serial_number', header: 'Serial number', hideBelow: 'lg', cell: (s) => s.serial_number ?? '—' },
  { id: 'status', header: 'Status', cell: (s) => <Chip tone={STOCK_TONES[s.status]}>{optionLabel(s.status)}</Chip> },
  { id: 'updated_at', header: 'Last updated', sortable: true, hideBelow: 'md', cell: (s) => formatDateTime(s.updated_at) },
];

/** Stock changes arrive on the warehouses' topics. */
const LIVE_TABLES: readonly WarehouseTable[] = ['inventory_stock'];

export function InventoryStockListPage() {
  const tenantId = useTenantId() ?? '';
  const live = useLiveWarehouseList({ tenantId, warehouse: useListUrlState(stockList).state.filters.warehouse, tables: LIVE_TABLES });
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title="Inventory Stock"
      section="Warehousing"
      label="Inventory stock"
      list={stockList}
      liveState={live.state}
      queryKey={['inventory-stock', tenantId]}
      fetchPage={(state, context) => listStock(tenantId, state, context)}
      rowKey={(s: StockRow) => s.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(s) => `${s.item_name} in ${s.bin_code}`}
      searchPlaceholder="Search item, SKU, bin, lot or serial"
      toolbar={<Button onClick={() => navigate(adminPaths.inventoryStockCreate())}>Add Stock</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterSelect label="Status" value={draft.status} options={toOptions(STOCK_LIST_STATUSES) as { value: StockListStatus; label: string }[]} onChange={(status) => setDraft({ ...draft, status })} />
          <LookupFilter
            label="Warehouse"
            value={draft.warehouse}
            onChange={(warehouse) => setDraft({ ...draft, warehouse, bin: undefined })}
            {...warehouseLookup(tenantId)}
          />
          <LookupFilter
            label="Item"
            value={draft.item}
            onChange={(item) => setDraft({ ...draft, item })}
            search={(term, signal, limit) => lookupInventoryItems(tenantId, term, limit, signal)}
            resolveLabel={(id) => inventoryItemLabel(tenantId, id)}
          />
          <FilterText label="Lot number" value={draft.lot} maxLength={64} onChange={(lot) => setDraft({ ...draft, lot: lot?.trim() })} />
          <FilterNumberRange label="Quantity" min={draft.min} max={draft.max} onChange={({ min, max }) => setDraft({ ...draft, min, max })} />
        </div>
      )}
      after={live.render}
    />
  );
}

export default InventoryStockListPage;
