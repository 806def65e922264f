import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import { stack } from './clients.ts';

/** The Supabase CLI's local JWT secret: the stack's default and `supabase start`'s. */
const SECRET = new TextEncoder().encode(process.env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long');

export function signToken(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(SECRET);
}

export function clientWithToken(token: string): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
}

/** A signed-in user as Supabase Auth would mint them: a fresh uid, role and aud `authenticated`. */
export async function userClient(): Promise<{ id: string; client: SupabaseClient }> {
  const id = randomUUID();
  const token = await signToken({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@example.test` });
  return { id, client: clientWithToken(token) };
}

/** An HTTP request whose path goes out exactly as written: fetch would resolve `..` segments first. */
export function rawRequest(method: string, rawPath: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  const target = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
