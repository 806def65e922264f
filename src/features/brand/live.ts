import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';

/**
 * Calls `onChange` when an admin saves the tenant's brand (or name or logo): the database sends
 * `brand_changed` on the private topic `tenant:<id>:brand`, which every active member may join
 * (20261125000310_tenant_settings.sql). Broadcast has no replay, so a rejoin after a drop calls
 * `onChange` too: a change made while offline is seen by reading the brand again.
 */
export function watchTenantBrand(tenantId: string, onChange: () => void): () => void {
  let active = true;
  let joined = false;
  let channel: RealtimeChannel | null = null;
  void (async () => {
    try {
      await supabase.realtime.setAuth();
    } catch {
      // Joined with the client's current token all the same; the join's own error says the rest.
    }
    if (!active) return;
    channel = supabase.channel(`tenant:${tenantId}:brand`, { config: { private: true } });
    channel.on('broadcast', { event: 'brand_changed' }, () => {
      if (active) onChange();
    });
    channel.subscribe((status) => {
      if (!active || status !== 'SUBSCRIBED') return;
      if (joined) onChange();
      joined = true;
    });
  })();
  return () => {
    active = false;
    if (channel) void supabase.removeChannel(channel);
  };
}
