import { supabase } from '../lib/supabase';

/** A warehouse location as 'code · name' for a stored id; null when it cannot be read. */
export async function locationLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('warehouse_locations').select('name, code').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data ? `${data.code} · ${data.name}` : null;
}
