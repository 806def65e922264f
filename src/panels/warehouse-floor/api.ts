import { z } from 'zod';
import { parsedResult } from '../../lib/query-results';
import { supabase } from '../../lib/supabase';

/**
 * The warehouse section's reads. Every read goes through RLS: warehouse people see only the
 * warehouses their staff rows and the warehouses' access modes let them into.
 */

const pickRowSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  status: z.string(),
  priority: z.number(),
  assigned_to: z.string().nullable(),
  due_date: z.string().nullable(),
  warehouse_code: z.string(),
  line_count: z.number(),
  total_items: z.number(),
  picked_items: z.number(),
});
export type FloorPickRow = z.infer<typeof pickRowSchema>;

const receiveRowSchema = z.object({
  id: z.string(),
  receive_code: z.string(),
  status: z.string(),
  supplier_name: z.string(),
  warehouse_name: z.string(),
  expected_date: z.string().nullable(),
  line_count: z.number(),
  expected_total: z.number(),
  received_total: z.number(),
});
export type FloorReceiveRow = z.infer<typeof receiveRowSchema>;

/**
 * Today's picking: open orders (pending or being picked) assigned to the person or to nobody, due
 * today or earlier or without a due date, the most urgent first. An order in a batch is picked
 * through its batch (one route for all of them), so it is not listed itself.
 */
export async function listFloorPickOrders(tenantId: string, userId: string, today: string): Promise<FloorPickRow[]> {
  const result = await supabase
    .from('pick_order_rows')
    .select('id, reference_number, status, priority, assigned_to, due_date, warehouse_code, line_count, total_items, picked_items')
    .eq('tenant_id', tenantId)
    .in('status', ['pending', 'in_progress'])
    .is('batch_id', null)
    .or(`assigned_to.eq.${userId},assigned_to.is.null`)
    .or(`due_date.is.null,due_date.lte.${today}`)
    .order('priority', { ascending: false })
    .order('due_date', { ascending: true, nullsFirst: false })
    .order('reference_number')
    .limit(50);
  return parsedResult(result, pickRowSchema.array());
}

/** Receive orders waiting for goods (ordered, or partly received), the earliest expected first. */
export async function listFloorReceiveOrders(tenantId: string): Promise<FloorReceiveRow[]> {
  const result = await supabase
    .from('receive_order_rows')
    .select('id, receive_code, status, supplier_name, warehouse_name, expected_date, line_count, expected_total, received_total')
    .eq('tenant_id', tenantId)
    .in('status', ['ordered', 'partially_received'])
    .order('expected_date', { ascending: true, nullsFirst: false })
    .order('receive_code')
    .limit(50);
  return parsedResult(result, receiveRowSchema.array());
}

const pickLineSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  bin_id: z.string(),
  quantity: z.number(),
  picked_quantity: z.number(),
  status: z.string(),
});
const pickItemSchema = z.object({
  item_id: z.string(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  bin_id: z.string(),
  bin_name: z.string().nullable(),
  quantity: z.number(),
  picked_quantity: z.number(),
  status: z.string(),
  /** On a batch's (or wave's) line: the order the units are picked for. */
  order_reference: z.string().nullable().optional(),
});
const floorPickSchema = z.object({
  order: z.object({
    id: z.string(),
    reference_number: z.string(),
    status: z.string(),
    item_details: pickLineSchema.array(),
    picking_progress: z.object({ total_items: z.number(), picked_items: z.number(), picker_notes: z.string().nullable() }),
  }),
  warehouse: z.object({ code: z.string(), name: z.string() }).nullable(),
  items: pickItemSchema.array(),
  actions: z.array(z.string()).nullable().transform((actions) => actions ?? []),
});
export type FloorPick = z.infer<typeof floorPickSchema>;
export type FloorPickItem = z.infer<typeof pickItemSchema>;

/** One pick order in the read shape (lines in their order, with item and bin names), or null when the caller cannot see it. */
export async function getFloorPick(pickOrderId: string): Promise<FloorPick | null> {
  const { data, error } = await supabase.rpc('get_pick_order', { pick_order_id: pickOrderId });
  if (error) throw error;
  return data === null ? null : floorPickSchema.parse(data);
}

/** Moves the order (in_progress reserves its lines; completed releases what was not picked). */
export async function movePick(pickOrderId: string, status: 'in_progress' | 'completed'): Promise<void> {
  const { error } = await supabase.rpc('transition_pick_order', { pick_order_id: pickOrderId, status });
  if (error) throw error;
}

/**
 * Records `picked` units on line `index` (its new picked total), and a shortage's note in the
 * order's picker notes: every line is sent as it stands, since a pick order's lines cannot change
 * once picking has started.
 */
export async function recordPick(pick: FloorPick, index: number, pickedTotal: number, note: string | null): Promise<void> {
  const lines = pick.order.item_details.map((line, i) => ({
    item_id: line.item_id,
    bin_id: line.bin_id,
    quantity: line.quantity,
    picked_quantity: i === index ? pickedTotal : line.picked_quantity,
  }));
  const before = pick.order.picking_progress.picker_notes;
  const values = note ? { item_details: lines, picking_progress: { picker_notes: before ? `${before}\n${note}` : note } } : { item_details: lines };
  const { error } = await supabase.rpc('save_pick_order', { pick_order_id: pick.order.id, values });
  if (error) throw error;
}

const receiveLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  item_id: z.string(),
  expected_quantity: z.number(),
  received_quantity: z.number(),
  lot_number: z.string().nullable(),
  serial_number: z.string().nullable(),
  item: z.object({ name: z.string(), sku: z.string(), barcode: z.string().nullable() }).nullable(),
});
export type FloorReceiveLine = z.infer<typeof receiveLineSchema> & { suggestion: { bin_id: string; bin_code: string; reason: string } | null };

const receiveHeaderSchema = z.object({
  id: z.string(),
  receive_code: z.string(),
  status: z.string(),
  supplier_name: z.string(),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  expected_total: z.number(),
  received_total: z.number(),
});
const putawaySchema = z.object({ line_id: z.string(), bin_id: z.string(), bin_code: z.string(), reason: z.string() });

export interface FloorReceive {
  order: z.infer<typeof receiveHeaderSchema>;
  lines: FloorReceiveLine[];
}

/**
 * One receive order for the receiver's screen: the header, its lines in order with their items, and
 * where to put each open line away (the database's putaway suggestion); null when the caller cannot see it.
 */
export async function getFloorReceive(tenantId: string, receiveOrderId: string): Promise<FloorReceive | null> {
  const { data: header, error } = await supabase
    .from('receive_order_rows')
    .select('id, receive_code, status, supplier_name, warehouse_id, warehouse_name, expected_total, received_total')
    .eq('tenant_id', tenantId)
    .eq('id', receiveOrderId)
    .maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  if (!header) return null;
  const [lines, putaway] = await Promise.all([
    supabase
      .from('receive_order_lines')
      .select('id, position, item_id, expected_quantity, received_quantity, lot_number, serial_number, item:inventory_items(name, sku, barcode)')
      .eq('receive_order_id', receiveOrderId)
      .order('position'),
    supabase.rpc('receive_order_putaway', { receive_order_id: receiveOrderId }),
  ]);
  if (lines.error) throw lines.error;
  if (putaway.error) throw putaway.error;
  const suggestions = new Map(putawaySchema.array().parse(putaway.data).map((row) => [row.line_id, row]));
  return {
    order: receiveHeaderSchema.parse(header),
    lines: receiveLineSchema
      .array()
      .parse(lines.data)
      .map((line) => ({ ...line, suggestion: suggestions.get(line.id) ?? null })),
  };
}

const scannedBinSchema = z.object({
  id: z.string(),
  code: z.string(),
  warehouse_id: z.string(),
  location_type: z.string(),
  status: z.string(),
  warehouse: z.object({ name: z.string() }).nullable(),
});
export type ScannedBin = z.infer<typeof scannedBinSchema>;

/**
 * What a scanned location code names for work in `warehouseId`. Codes are unique within a warehouse,
 * not across a tenant's warehouses (every site may have its Z1-A01-S1-B01), so the code is looked up
 * in that warehouse only; only when it has no location of that code is one of another warehouse the
 * caller may read looked for, to say where the code belongs. At most one location comes back.
 */
export async function findLocationsByCode(tenantId: string, warehouseId: string, code: string): Promise<ScannedBin[]> {
  const wanted = code.trim().toUpperCase();
  const columns = 'id, code, warehouse_id, location_type, status, warehouse:warehouses(name)';
  const here = await supabase.from('warehouse_locations').select(columns).eq('tenant_id', tenantId).eq('warehouse_id', warehouseId).eq('code', wanted).limit(1);
  if (here.error) throw here.error;
  if (here.data.length > 0) return scannedBinSchema.array().parse(here.data);
  const elsewhere = await supabase
    .from('warehouse_locations')
    .select(columns)
    .eq('tenant_id', tenantId)
    .neq('warehouse_id', warehouseId)
    .eq('code', wanted)
    .order('warehouse_id')
    .limit(1);
  if (elsewhere.error) throw elsewhere.error;
  return scannedBinSchema.array().parse(elsewhere.data);
}

/** Whether any item of the tenant has `code` as its SKU or barcode (a scan that matched no line may still be a known item). */
export async function itemCodeExists(tenantId: string, code: string): Promise<boolean> {
  const variants = [...new Set([code.trim(), code.trim().toUpperCase()])];
  const [bySku, byBarcode] = await Promise.all([
    supabase.from('inventory_items').select('id').eq('tenant_id', tenantId).in('sku', variants).limit(1),
    supabase.from('inventory_items').select('id').eq('tenant_id', tenantId).in('barcode', variants).limit(1),
  ]);
  if (bySku.error) throw bySku.error;
  if (byBarcode.error) throw byBarcode.error;
  return bySku.data.length + byBarcode.data.length > 0;
}

/** Receives `quantity` units of a line into a bin through the database's receive function (its rights, its checks, the order's status). */
export async function receiveLine(lineId: string, quantity: number, binId: string, lotNumber: string | null, serialNumber: string | null): Promise<void> {
  const { error } = await supabase.rpc('receive_order_line', {
    line_id: lineId,
    quantity,
    bin_id: binId,
    ...(lotNumber ? { lot_number: lotNumber } : {}),
    ...(serialNumber ? { serial_number: serialNumber } : {}),
  });
  if (error) throw error;
}

const countRowSchema = z.object({
  id: z.string(),
  audit_type: z.string(),
  status: z.string(),
  scheduled_date: z.string().nullable(),
  warehouse_code: z.string(),
  line_count: z.number().nullable(),
  counted_count: z.number().nullable(),
});
export type FloorCountRow = z.infer<typeof countRowSchema>;

/**
 * Today's counts: audits being counted, and those scheduled for today or earlier (or for no day)
 * that have not started, the oldest day first; each opens its count screen.
 */
export async function listFloorCounts(tenantId: string, today: string): Promise<FloorCountRow[]> {
  const result = await supabase
    .from('inventory_audit_rows')
    .select('id, audit_type, status, scheduled_date, warehouse_code, line_count, counted_count')
    .eq('tenant_id', tenantId)
    .or(`status.eq.in_progress,and(status.eq.scheduled,or(scheduled_date.is.null,scheduled_date.lte.${today}))`)
    .order('scheduled_date', { ascending: true, nullsFirst: false })
    .order('created_at')
    .limit(50);
  return parsedResult(result, countRowSchema.array());
}
