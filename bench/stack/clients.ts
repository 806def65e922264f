import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import ws from 'ws';

/** What supabase-js put on the wire for one call: enough to replay it without the client library. */
export interface CapturedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * A supabase-js client as the app builds it (anon key, no session; ws transport because Node 20
 * has no global WebSocket). `onRequest` sees every request the client sends.
 */
export function benchClient(url: string, anonKey: string, onRequest?: (req: CapturedRequest) => void): SupabaseClient {
  const observed: typeof fetch = (input, init) => {
    if (onRequest) {
      const req = new Request(input, init);
      onRequest({ method: req.method, url: req.url, headers: Object.fromEntries(req.headers) });
    }
    return fetch(input, init);
  };
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
    global: onRequest ? { fetch: observed } : {},
  });
}

/** Runs `call` once on a capturing client: its result and the single request it sent. */
export async function captureRequest<T>(
  url: string,
  anonKey: string,
  call: (client: SupabaseClient) => Promise<T>,
): Promise<{ request: CapturedRequest; result: T }> {
  const seen: CapturedRequest[] = [];
  const result = await call(benchClient(url, anonKey, (r) => seen.push(r)));
  if (seen.length !== 1) throw new Error(`expected one request from supabase-js, saw ${seen.length}`);
  return { request: seen[0], result };
}
