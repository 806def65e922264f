import { z } from 'zod';
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
 * today or earlier or without a due date, the most urgent first.
 */
export async function listFloorPickOrders(tenantId: string, userId: string, today: string): Promise<FloorPickRow[]> {
  const { data, error } = await supabase
    .from('pick_order_rows')
    .select('id, reference_number, status, priority, assigned_to, due_date, warehouse_code, line_count, total_items, picked_items')
    .eq('tenant_id', tenantId)
    .in('status', ['pending', 'in_progress'])
    .or(`assigned_to.eq.${userId},assigned_to.is.null`)
    .or(`due_date.is.null,due_date.lte.${today}`)
    .order('priority', { ascending: false })
    .order('due_date', { ascending: true, nullsFirst: false })
    .order('reference_number')
    .limit(50);
  if (error) throw error;
  return pickRowSchema.array().parse(data);
}

/** Receive orders waiting for goods (ordered, or partly received), the earliest expected first. */
export async function listFloorReceiveOrders(tenantId: string): Promise<FloorReceiveRow[]> {
  const { data, error } = await supabase
    .from('receive_order_rows')
    .select('id, receive_code, status, supplier_name, warehouse_name, expected_date, line_count, expected_total, received_total')
    .eq('tenant_id', tenantId)
    .in('status', ['ordered', 'partially_received'])
    .order('expected_date', { ascending: true, nullsFirst: false })
    .order('receive_code')
    .limit(50);
  if (error) throw error;
  return receiveRowSchema.array().parse(data);
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
