import { supabase } from '../lib/supabase';

/** A delivery's code for a stored id; null when it cannot be read. */
export async function deliveryLabel(tenantId: string, id: string): Promise<string | null> {
  const { data } = await supabase.from('deliveries').select('delivery_code').eq('tenant_id', tenantId).eq('id', id).maybeSingle();
  return data?.delivery_code ?? null;
}
