// /functions/v1/api (handler.ts): the public API for API-key callers. verify_jwt is off in
// supabase/config.toml: a key is not a JWT; the handler checks the key itself.
import { corsHeaders } from '../_shared/cors.ts';
import { createApiHandler } from './handler.ts';
import { openApiDocument } from './openapi.ts';
import { jwtSecretFromEnv } from './owner_token.ts';
import { platformDeps } from './platform.ts';

function positiveIntegerEnv(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  const value = raw ? Number(raw) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const url = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !anonKey || !serviceRoleKey) throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set');

// The document names the address callers use (the project's public URL where it differs from the
// one functions reach the API by, as on the local stack).
const document = JSON.stringify(openApiDocument(`${Deno.env.get('PUBLIC_SUPABASE_URL') || url}/functions/v1/api`));

Deno.serve(
  createApiHandler(
    {
      ...platformDeps({
        url, anonKey, serviceRoleKey, jwtSecret: jwtSecretFromEnv(url, Deno.env.get('API_JWT_SECRET')),
        // Per key, counted in the database: every worker and instance shares the one count.
        rateLimit: { limit: positiveIntegerEnv('API_RATE_LIMIT_PER_MINUTE', 120), windowSeconds: 60 },
      }),
    },
    // GET /api/openapi.json: the description, readable without a key.
    (req, segments) =>
      req.method === 'GET' && segments.length === 1 && segments[0] === 'openapi.json'
        ? new Response(document, { headers: { ...corsHeaders, 'Content-Type': 'application/json' } })
        : null,
  ),
);
