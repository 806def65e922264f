import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from './supabase';

/**
 * Calls `onChange` whenever the signed-in person's own profile changes on the server (an admin
 * changed their role, deactivated them, ...): the database sends `profile_changed` on the private
 * topic `account:<user_id>`, which only that user may join (20261125000100_users_admin.sql).
 * Also called once the channel is joined, and after every rejoin: broadcast has no replay, so a
 * change made before the join (or while offline) is only seen by reading the profile again.
 */
export function watchAccount(userId: string, onChange: () => void): () => void {
  // A live subscription, not a read: `active` stops a join still on its way once the caller has left.
  let active = true;
  let channel: RealtimeChannel | null = null;
  void (async () => {
    await supabase.realtime.setAuth();
    if (!active) return;
    channel = supabase.channel(`account:${userId}`, { config: { private: true } });
    channel.on('broadcast', { event: 'profile_changed' }, () => onChange());
    channel.subscribe((status) => {
      if (active && status === 'SUBSCRIBED') onChange();
    });
  })();
  return () => {
    active = false;
    if (channel) void supabase.removeChannel(channel);
  };
}
