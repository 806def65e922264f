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
