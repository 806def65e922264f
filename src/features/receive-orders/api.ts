import type { ListState } from '../../lib/list-state';
import { fetchListPage, rowOrNull } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import type { ReceiveOrderFilters } from './list';
import { receiveOrderRowSchema, receiveOrderSchema, toWrite, type ReceiveOrder, type ReceiveOrderFormOutput, type ReceiveOrderRow } from './schema';

const ROW_COLUMNS = 'id, receive_code, supplier_id, supplier_name, warehouse_id, warehouse_name, reference, expected_date, status, line_count, expected_total, received_total, updated_at';
const ORDER_COLUMNS =
  'id, receive_code, supplier_id, warehouse_id, reference, expected_date, notes, status, receive_order_lines(id, position, item_id, expected_quantity, received_quantity, lot_number, serial_number, target_bin_id)';

/** One page of the receive orders the caller may read: search on code, reference and supplier; filters; sort; exact total. */
export async function listReceiveOrders(tenantId: string, state: ListState<ReceiveOrderFilters>, { signal }: FetchContext): Promise<ServerPage<ReceiveOrderRow>> {
  let query = supabase.from('receive_order_rows').select(ROW_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
  query = withSearch(query, ['receive_code', 'reference', 'supplier_name'], state.q);
  if (state.filters.status) query = query.eq('status', state.filters.status);
  if (state.filters.warehouse) query = query.eq('warehouse_id', state.filters.warehouse);
  return fetchListPage(query, state, signal, receiveOrderRowSchema.array(), { idAscending: false });
}

export async function getReceiveOrder(tenantId: string, id: string): Promise<ReceiveOrder | null> {
  return rowOrNull(await supabase.from('receive_orders').select(ORDER_COLUMNS).eq('tenant_id', tenantId).eq('id', id).maybeSingle(), receiveOrderSchema);
}

/** Creates (id null) or edits an order with all its lines; the error as PostgREST gives it (the form places its details). */
export async function saveReceiveOrder(id: string | null, values: ReceiveOrderFormOutput): Promise<void> {
  // The generated type takes a uuid; null creates.
  const { error } = await supabase.rpc('save_receive_order', { receive_order_id: id as string, receive_order: toWrite(values) });
  if (error) throw error;
}

/** Places (ordered) or cancels an order. */
export async function transitionReceiveOrder(id: string, status: 'ordered' | 'cancelled'): Promise<void> {
  const { error } = await supabase.rpc('transition_receive_order', { receive_order_id: id, status });
  if (error) throw error;
}
