/**
 * Stands in for the app's `src/lib/supabase.ts` in the board suite's Node process (app-hooks.mjs
 * resolves that module here): the same `supabase` export, made with the same supabase-js, pointed at
 * the bench's stack. The browser's module reads Vite's env and `window.location`, which Node has not;
 * Node 20 has no global WebSocket either, so realtime gets `ws`. The session is kept in memory.
 */
import { createClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import ws from 'ws';

const url = process.env.BOARD_BENCH_URL;
const anonKey = process.env.BOARD_BENCH_ANON_KEY;
if (!url || !anonKey) throw new Error('the board bench client needs BOARD_BENCH_URL and BOARD_BENCH_ANON_KEY');

export const supabase = createClient(url, anonKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as WebSocketLikeConstructor },
});
