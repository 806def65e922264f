import { useLocation } from 'wouter';
import { inventoryItemLabel, lookupInventoryItems } from '../../../data/inventory';
import { lookupWarehouses, warehouseLabel } from '../../../data/warehouses';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { Chip, type ChipTone } from '../../../ui/Chip';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { PageHeader } from '../../../ui/PageHeader';
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

const numberInput =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export function InventoryStockListPage() {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const table = useListUrlState(stockList);
  const list = useServerList({
    queryKey: ['inventory-stock', tenantId],
    state: table.state,
    fetchPage: (state, context) => listStock(tenantId, state, context),
    rowKey: (s: StockRow) => s.id,
    enabled: tenantId !== '',
  });

  return (
    <div className="space-y-4">
      <PageHeader title="Inventory Stock" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Warehousing' }, { label: 'Inventory Stock' }]} />
      <DataTable
        label="Inventory stock"
        columns={columns}
        {...table}
        {...list.tableProps}
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
              search={(term, signal, limit) => lookupWarehouses(tenantId, term, limit, signal)}
              resolveLabel={(id) => warehouseLabel(tenantId, id)}
            />
            <LookupFilter
              label="Item"
              value={draft.item}
              onChange={(item) => setDraft({ ...draft, item })}
              search={(term, signal, limit) => lookupInventoryItems(tenantId, term, limit, signal)}
              resolveLabel={(id) => inventoryItemLabel(tenantId, id)}
            />
            <label className="block text-sm font-medium">
              Lot number
              <input className={numberInput} value={draft.lot ?? ''} maxLength={64} onChange={(event) => setDraft({ ...draft, lot: event.target.value.trim() || undefined })} />
            </label>
            <div className="grid grid-cols-2 gap-3">
              <label className="block text-sm font-medium">
                Min quantity
                <input
                  type="number"
                  min={0}
                  className={numberInput}
                  value={draft.min ?? ''}
                  onChange={(event) => setDraft({ ...draft, min: event.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(event.target.value))) })}
                />
              </label>
              <label className="block text-sm font-medium">
                Max quantity
                <input
                  type="number"
                  min={0}
                  className={numberInput}
                  value={draft.max ?? ''}
                  onChange={(event) => setDraft({ ...draft, max: event.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(event.target.value))) })}
                />
              </label>
            </div>
          </div>
        )}
      />
    </div>
  );
}

export default InventoryStockListPage;
