import type { Queryable } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import { AuthError } from './errors.ts';
import type { Json } from './users.ts';

const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * `[auth.hook.custom_access_token]` with a pg-functions:// URI: GoTrue calls the function as
 * supabase_auth_admin (so the grants Supabase's docs prescribe apply) with {user_id, claims,
 * authentication_method} and signs the claims it returns.
 */
export async function runAccessTokenHook(
  tx: Queryable,
  fn: { schema: string; name: string },
  event: { user_id: string; claims: Json; authentication_method: string },
): Promise<Json> {
  let output: unknown;
  await tx.query('savepoint stack_auth_hook');
  try {
    await tx.query('set local role supabase_auth_admin');
    const r = await tx.query<{ out: string | null }>(`select ${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}($1::jsonb)::text as out`, [
      JSON.stringify(event),
    ]);
    await tx.query('reset role');
    await tx.query('release savepoint stack_auth_hook');
    output = r.rows[0]?.out ? JSON.parse(r.rows[0].out) : null;
  } catch (e) {
    await tx.query('rollback to savepoint stack_auth_hook');
    const detail = isPgError(e) ? e.message : String(e);
    throw new AuthError(500, 'unexpected_failure', `Error running hook URI: pg-functions://postgres/${fn.schema}/${fn.name}: ${detail}`);
  }
  if (!output || typeof output !== 'object') throw new AuthError(500, 'unexpected_failure', 'Error invoking access token hook.');
  const out = output as { claims?: unknown; error?: { http_code?: number; message?: string } };
  if (out.error) {
    const status = typeof out.error.http_code === 'number' ? out.error.http_code : 500;
    throw new AuthError(status, 'unexpected_failure', out.error.message ?? 'Error invoking access token hook.');
  }
  const claims = out.claims;
  if (!claims || typeof claims !== 'object' || Array.isArray(claims) || REQUIRED_CLAIMS.some((k) => !(k in claims))) {
    throw new AuthError(500, 'unexpected_failure', 'output claims do not conform to the expected schema');
  }
  return claims as Json;
}
