import { supabase } from '../lib/supabase';

/** A vehicle's name for a stored id; null when it cannot be read. */
export async function vehicleLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('vehicles').select('name').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data?.name ?? null;
}
