import { useMemo } from 'react';
import { inventoryItemLookup } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { Chip, type ChipTone } from '../../../ui/Chip';
import { FilterNumberRange, FilterSelect, FilterText, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { warehouseListLive } from '../../../data/warehouse-live';
import { listStock } from '../api';
import { stockList } from '../list';
import { inventoryMessages, type InventoryKey } from '../messages';
import { STOCK_LIST_STATUSES, type StockListStatus, type StockRow } from '../schema';
import { useInventoryWords } from '../words';

/** Green available, warning reserved, red damaged or expired. */
export const STOCK_TONES: Record<StockListStatus, ChipTone> = { available: 'success', reserved: 'warning', damaged: 'error', expired: 'error' };

/** The columns in the page's language: headers, the status's words, the quantity and the moment in its formats. */
const stockColumns = (t: Translate<InventoryKey>, word: (value: string) => string, format: LocaleFormat): DataTableColumn<StockRow>[] => [
  { id: 'item_name', header: t('col.item'), sortable: true, cell: (s) => <span title={s.item_sku}>{s.item_name}</span> },
  { id: 'warehouse_name', header: t('col.warehouse'), sortable: true, hideBelow: 'md', cell: (s) => s.warehouse_name },
  { id: 'bin_code', header: t('col.bin'), sortable: true, cell: (s) => s.bin_code },
  { id: 'quantity', header: t('col.quantity'), sortable: true, align: 'end', cell: (s) => format.number(s.quantity) },
  { id: 'lot_number', header: t('col.lot'), hideBelow: 'lg', cell: (s) => s.lot_number ?? '—' },
  { id: 'serial_number', header: t('col.serial'), hideBelow: 'lg', cell: (s) => s.serial_number ?? '—' },
  { id: 'status', header: t('col.status'), cell: (s) => <Chip tone={STOCK_TONES[s.status]}>{word(s.status)}</Chip> },
  { id: 'updated_at', header: t('col.updated'), sortable: true, hideBelow: 'md', cell: (s) => format.dateTime(s.updated_at) },
];

/** Stock changes arrive on the warehouses' topics. */
const useStockLive = warehouseListLive(stockList, ['inventory_stock']);

export function InventoryStockListPage() {
  const tenantId = useTenantId() ?? '';
  const { t, word, options } = useInventoryWords();
  const nav = useT(navMessages);
  const format = useFormat();
  const columns = useMemo(() => stockColumns(t, word, format), [t, word, format]);
  return (
    <ServerListPage
      title={nav('nav.inventoryStock')}
      section={nav('group.warehousing')}
      label={t('stock.label')}
      words={{ catalogue: inventoryMessages, search: 'stock.search', add: 'stock.add' }}
      list={stockList} useLive={useStockLive} resource="inventory-stock" fetchPage={listStock} columns={columns}
      rowLabel={(s) => t('stock.rowLabel', { item: s.item_name, bin: s.bin_code })}
      create={adminPaths.inventoryStockCreate()}
      filterFields={({ draft, setDraft, field }) => (
        <>
          <FilterSelect<StockListStatus> label={t('col.status')} options={options(STOCK_LIST_STATUSES)} {...field('status')} />
          <LookupFilter
            label={t('col.warehouse')}
            value={draft.warehouse}
            onChange={(warehouse) => setDraft({ ...draft, warehouse, bin: undefined })}
            {...warehouseLookup(tenantId)}
          />
          <LookupFilter label={t('col.item')} {...field('item')} {...inventoryItemLookup(tenantId)} />
          <FilterText label={t('col.lot')} value={draft.lot} maxLength={64} onChange={(lot) => setDraft({ ...draft, lot: lot?.trim() })} />
          <FilterNumberRange label={t('col.quantity')} min={draft.min} max={draft.max} onChange={({ min, max }) => setDraft({ ...draft, min, max })} />
        </>
      )}
    />
  );
}

export default InventoryStockListPage;
