import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';

export const stack = inject('stack');

/** A supabase-js client exactly as an app would build it (ws transport: Node 20 has no global WebSocket). */
export function anonClient(): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(stack.url, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
}

/** A unique suffix so that test files running in parallel never collide on emails, names or paths. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Raw HTTP against the API, for what supabase-js cannot send (malformed input, missing headers). */
export function api(pathAndQuery: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? stack.anonKey : init.key;
  if (key !== null && !headers.has('apikey')) headers.set('apikey', key);
  if (key !== null && !headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
  return fetch(stack.url + pathAndQuery, { ...init, headers });
}
