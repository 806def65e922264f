import { supabase } from '../lib/supabase';

/** A driver's name for a stored id; null when it cannot be read. */
export async function driverLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('driver_rows').select('full_name').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data?.full_name ?? null;
}
