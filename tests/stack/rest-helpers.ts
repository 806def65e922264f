import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { randomUUID } from 'node:crypto';
import ws from 'ws';
import { stack } from './clients.ts';

/** The Supabase CLI's local JWT secret: the same on the stack and on `supabase start`. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export async function signJwt(claims: Record<string, unknown>, opts: { secret?: string; expiresIn?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(new TextEncoder().encode(opts.secret ?? LOCAL_JWT_SECRET));
}

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

/** A signed-in user as PostgREST sees one: a JWT with sub, role authenticated, aud authenticated. */
export async function userClient(): Promise<TestUser> {
  const id = randomUUID();
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@rest.test` });
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  return { id, token, client };
}

/** Every PostgREST error body has exactly these four keys. */
export const ERROR_KEYS = ['code', 'details', 'hint', 'message'];
