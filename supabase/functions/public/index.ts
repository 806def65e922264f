// GET /public/verify-domain/{slug} and GET /public/tenants: no sign-in (verify_jwt = false).
// The anon key is enough: RLS and column grants on public.tenants decide what is visible.
import { createClient } from '@supabase/supabase-js';
import { createPublicHandler } from './handler.ts';
import { RateLimiter } from '../_shared/rate_limit.ts';
import { supabaseTenants } from './tenants.ts';

function positiveIntegerEnv(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  const value = raw ? Number(raw) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');

const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const handle = createPublicHandler({
  tenants: supabaseTenants(client),
  limiter: new RateLimiter({
    limit: positiveIntegerEnv('PUBLIC_RATE_LIMIT_PER_MINUTE', 60),
    windowMs: 60_000,
  }),
});

Deno.serve((req, info) => {
  const remote = info.remoteAddr.transport === 'tcp' || info.remoteAddr.transport === 'udp' ? info.remoteAddr.hostname : null;
  return handle(req, remote);
});
