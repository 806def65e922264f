import type { RealtimeChannel } from '@supabase/supabase-js';
import type { ConnectionState } from './realtime';
import { supabase } from './supabase';
import { trackingTopic } from './tracking';

/*
 * The per-delivery public topic `tracking:<token>`: the database sends on it the same whitelisted
 * object `track_delivery(token)` answers, as event 'tracking', on every change the tracking page
 * shows (supabase/migrations/20261125001020_tracking.sql). The token is the secret: whoever holds
 * it may join, signed in or not (anon joins with the anon key).
 */

export interface TrackingWatch {
  /** Each object the topic carries (not yet checked: the caller parses it). */
  onUpdate: (payload: unknown) => void;
  /**
   * The connection. On every 'live' the caller reads the delivery afresh: broadcast has no replay,
   * so a change made before the join (or while the connection was down) is only seen that way.
   */
  onState?: (state: ConnectionState) => void;
}

/** Joins `tracking:<token>` until the returned function is called. */
export function watchTracking(token: string, { onUpdate, onState }: TrackingWatch): () => void {
  // A live subscription, not a read: `active` stops a join still on its way once the caller has left.
  let active = true;
  let channel: RealtimeChannel | null = null;
  let state: ConnectionState = 'connecting';
  onState?.('connecting');
  void (async () => {
    // The join carries the caller's token: the signed-in user's, else the anon key.
    try {
      await supabase.realtime.setAuth();
    } catch {
      // Joining with whatever token the client holds still works for a public topic.
    }
    if (!active) return;
    channel = supabase.channel(trackingTopic(token), { config: { private: true } });
    channel.on('broadcast', { event: 'tracking' }, (message: { payload?: unknown }) => {
      if (active) onUpdate(message.payload);
    });
    channel.subscribe((status) => {
      if (!active) return;
      const next: ConnectionState = status === 'SUBSCRIBED' ? 'live' : 'offline';
      if (next === state) return;
      state = next;
      onState?.(next);
    });
  })();
  return () => {
    active = false;
    if (channel) void supabase.removeChannel(channel);
  };
}
