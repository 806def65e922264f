// GET /public/verify-domain/{slug} and GET /public/tenants: no sign-in (verify_jwt = false).
// The anon key is enough to read: RLS and column grants on public.tenants decide what is visible.
// The service key only counts each client address in the database's shared rate limit
// (PUBLIC_RATE_LIMIT_PER_MINUTE, default 60).
import { createClient } from '@supabase/supabase-js';
import { createPublicHandler } from './handler.ts';
import { databaseRateLimit } from './platform.ts';
import { supabaseTenants } from './tenants.ts';

function positiveIntegerEnv(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  const value = raw ? Number(raw) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !anonKey || !serviceRoleKey) throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set');

const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const handle = createPublicHandler({
  tenants: supabaseTenants(client),
  limiter: databaseRateLimit({ url, serviceRoleKey, limit: positiveIntegerEnv('PUBLIC_RATE_LIMIT_PER_MINUTE', 60), windowSeconds: 60 }),
});

Deno.serve((req, info) => {
  const remote = info.remoteAddr.transport === 'tcp' || info.remoteAddr.transport === 'udp' ? info.remoteAddr.hostname : null;
  return handle(req, remote);
});
