import { toApiPage, type ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull, parsedResult } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ItemFilters, StockFilters, TransactionFilters } from './list';
import {
  itemSchema,
  stockRowSchema,
  transactionPageSchema,
  type InventoryItem,
  type ItemWrite,
  type StockRow,
  type TransactionFormOutput,
  type TransactionRow,
} from './schema';

const ITEM_COLUMNS =
  'id, tenant_id, name, sku, barcode, description, category, subcategory, brand, model, unit_size, weight, dimensions, attributes, label_status, label_url, label_error, is_active, updated_at';

/** One page of the tenant's items: search on name, SKU and barcode, the filters, sort, and the exact total. */
export async function listItems(tenantId: string, state: ListState<ItemFilters>, { signal }: FetchContext): Promise<ServerPage<InventoryItem>> {
  let query = supabase.from('inventory_items').select(ITEM_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['name', 'sku', 'barcode'], state.q);
  const { status, category, subcategory, brand } = state.filters;
  if (status) query = query.eq('is_active', status === 'active');
  if (category) query = query.eq('category', category);
  if (subcategory) query = query.eq('subcategory', subcategory);
  if (brand) query = query.eq('brand', brand);
  return fetchListPage(query, state, signal, itemSchema.array(), { idAscending: false });
}

/** An item of the tenant, or null when there is none (or the caller may not see it). */
export async function getItem(tenantId: string, itemId: string): Promise<InventoryItem | null> {
  return rowOrNull(await supabase.from('inventory_items').select(ITEM_COLUMNS).eq('tenant_id', tenantId).eq('id', itemId).maybeSingle(), itemSchema);
}

/** Throws the PostgREST error as is: the form maps its details onto the fields. */
export async function createItem(tenantId: string, values: ItemWrite): Promise<InventoryItem> {
  const result = await supabase
    .from('inventory_items')
    .insert({ ...values, tenant_id: tenantId })
    .select(ITEM_COLUMNS)
    .single();
  return parsedResult(result, itemSchema);
}

export async function updateItem(tenantId: string, itemId: string, values: ItemWrite): Promise<InventoryItem> {
  return parsedResult(await supabase.from('inventory_items').update(values).eq('tenant_id', tenantId).eq('id', itemId).select(ITEM_COLUMNS).single(), itemSchema);
}

/** The private bucket the label renderer (the inventory-labels function) writes items' labels to. */
export const LABELS_BUCKET = 'inventory-labels';

/**
 * Asks the renderer for an item's label when it is pending (a new item, a change of what it prints,
 * a regenerate). A failed call leaves it pending: the scheduled retry renders it within minutes,
 * so the save it follows never fails for it.
 */
export async function renderLabel(item: InventoryItem): Promise<boolean> {
  if (item.label_status !== 'pending') return true;
  const { error } = await supabase.functions.invoke('inventory-labels', { body: { item_id: item.id } });
  return !error;
}

/** Puts an item's label back to pending (admins), then asks for it to be rendered. */
export async function regenerateLabel(itemId: string): Promise<void> {
  const { data, error } = await supabase.rpc('regenerate_inventory_label', { item_id: itemId });
  if (error) throw error;
  await renderLabel(itemSchema.parse(data));
}

/** A short-lived address of a rendered label (the bucket is private). */
export async function labelUrl(path: string): Promise<string> {
  const { data, error } = await supabase.storage.from(LABELS_BUCKET).createSignedUrl(path, 300);
  if (error) throw error;
  return data.signedUrl;
}

const STOCK_COLUMNS = 'id, item_id, warehouse_id, bin_id, item_name, item_sku, warehouse_name, bin_code, quantity, reserved, lot_number, serial_number, status, updated_at';

/** One page of the stock the caller may read (the warehouses' access modes decide): search, filters, sort, exact total. */
export async function listStock(tenantId: string, state: ListState<StockFilters>, { signal }: FetchContext): Promise<ServerPage<StockRow>> {
  let query = supabase.from('inventory_stock_rows').select(STOCK_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['item_name', 'item_sku', 'bin_code', 'lot_number', 'serial_number'], state.q);
  const { status, warehouse, bin, item, lot, min, max } = state.filters;
  if (status) query = query.eq('status', status);
  if (warehouse) query = query.eq('warehouse_id', warehouse);
  if (bin) query = query.eq('bin_id', bin);
  if (item) query = query.eq('item_id', item);
  if (lot) query = query.eq('lot_number', lot);
  if (min !== undefined) query = query.gte('quantity', min);
  if (max !== undefined) query = query.lte('quantity', max);
  return fetchListPage(query, state, signal, stockRowSchema.array(), { idAscending: false });
}

/** Midnight at the start of a day and the last moment of a day, in the browser's time zone. */
function dayStart(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}
function dayEnd(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

/** One page of the ledger through list_inventory_transactions ({total, inventory_transactions}). */
export async function listTransactions(tenantId: string, state: ListState<TransactionFilters>, { signal }: FetchContext): Promise<ServerPage<TransactionRow>> {
  const { type, from, to, warehouse, item } = state.filters;
  const { data, error } = await supabase
    .rpc('list_inventory_transactions', {
      tenant_id: tenantId,
      search: state.q || undefined,
      page: toApiPage(state.page),
      limit: state.pageSize,
      transaction_type: type,
      timestamp_range_start: from ? dayStart(from) : undefined,
      timestamp_range_end: to ? dayEnd(to) : undefined,
      warehouse_id: warehouse,
      item_id: item,
    })
    .abortSignal(signal);
  if (error) throw error;
  const page = transactionPageSchema.parse(data);
  return { rows: page.inventory_transactions, total: page.total };
}

/** Records one ledger entry through the one function that moves stock; throws the PostgREST error as is. */
export async function recordTransaction(values: TransactionFormOutput): Promise<void> {
  const adding = values.direction === 'add';
  const takesFrom = values.transaction_type === 'pick' || values.transaction_type === 'move' || (values.transaction_type === 'adjust' && !adding);
  const takesTo = values.transaction_type === 'receive' || values.transaction_type === 'return' || values.transaction_type === 'move' || (values.transaction_type === 'adjust' && adding);
  const { error } = await supabase.rpc('record_inventory_transaction', {
    transaction_type: values.transaction_type,
    item_id: values.item_id,
    warehouse_id: values.warehouse_id,
    quantity: values.quantity,
    from_bin_id: takesFrom ? (values.from_bin_id ?? undefined) : undefined,
    to_bin_id: takesTo ? (values.to_bin_id ?? undefined) : undefined,
    lot_number: values.lot_number ?? undefined,
    serial_number: values.serial_number ?? undefined,
    stock_status: values.stock_status,
    reason: values.reason ?? undefined,
    reference_type: 'manual',
  });
  if (error) throw error;
}
