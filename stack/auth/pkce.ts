import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import type { AuthMethod } from './sessions.ts';

/**
 * GoTrue's PKCE flow (internal/api/pkce.go, models/flow_state.go): a request carrying
 * code_challenge stores a flow_state; the mailed token is stored with a `pkce_` prefix so the
 * verify link knows its flow; the link then redirects with ?code=<auth_code>, which
 * POST /token?grant_type=pkce exchanges once, with the code verifier, for a session.
 */
export const PKCE_PREFIX = 'pkce_';

/** GoTrue's GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION default (300s). */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

const MIN_CHALLENGE = 43;
const MAX_CHALLENGE = 128;
const CHALLENGE_PATTERN = /^[a-zA-Z._~0-9-]+$/;

export type FlowMethod = Extract<AuthMethod, 'email/signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change'>;

/** What a request asked for: null for the implicit flow (no code challenge). */
export interface PkceRequest {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's validatePKCEParams: both or neither, a challenge of RFC 7636's shape, a known method. */
export function pkceParams(challenge: string | undefined, method: string | undefined): PkceRequest | null {
  const c = challenge ?? '';
  const m = method ?? '';
  if ((c === '') !== (m === '')) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (c === '') return null;
  if (c.length < MIN_CHALLENGE || c.length > MAX_CHALLENGE) {
    throw badRequest('validation_failed', `code challenge has to be between ${MIN_CHALLENGE} and ${MAX_CHALLENGE} characters`);
  }
  if (!CHALLENGE_PATTERN.test(c)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const lower = m.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') throw badRequest('validation_failed', `unsupported code_challenge method "${m}"`);
  return { challenge: c, method: lower };
}

/** GoTrue's addFlowPrefixToToken: what the users table stores and the mailed link carries. */
export function flowToken(hash: string, pkce: PkceRequest | null): string {
  return pkce ? PKCE_PREFIX + hash : hash;
}

/** GoTrue's generateFlowState for a known user. */
export async function createFlowState(tx: Queryable, userId: string, providerType: string, method: FlowMethod, pkce: PkceRequest): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        provider_access_token, provider_refresh_token, created_at, updated_at, authentication_method)
     values ($1::uuid, $2::uuid, $3, $4::auth.code_challenge_method, $5, $6, '', '', now(), now(), $7)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, providerType, method],
  );
}

/** GoTrue's issueAuthCode: the user's latest flow state of that method, stamped with the issue time. */
export async function issueAuthCode(tx: Queryable, userId: string, method: FlowMethod): Promise<string> {
  const r = await tx.query<{ id: string; auth_code: string | null; code_challenge: string | null }>(
    `select id::text as id, auth_code, code_challenge from auth.flow_state
      where user_id = $1::uuid and authentication_method = $2 order by created_at desc, id desc limit 1`,
    [userId, method],
  );
  const row = r.rows[0];
  if (!row) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  if (!row.code_challenge || !row.auth_code) {
    throw unprocessable('flow_state_not_found', 'Flow state does not have an auth code (not a PKCE flow).');
  }
  await tx.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1::uuid', [row.id]);
  return row.auth_code;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** models.FlowState.VerifyPKCE. */
function verifierMatches(method: string, challenge: string, verifier: string): boolean {
  if (method === 's256') return sameString(challenge, createHash('sha256').update(verifier).digest('base64url'));
  if (method === 'plain') return sameString(challenge, verifier);
  return false;
}

export interface ExchangedFlow {
  userId: string;
  providerType: string;
  method: FlowMethod;
}

/**
 * The checks of GoTrue's PKCE grant, in its order: a flow state with a user, not expired (a magic
 * link's from the moment its code was issued, any other from its creation), the verifier. The row
 * is locked and deleted, so a code is exchanged at most once.
 */
export async function consumeFlowState(tx: Queryable, authCode: string, verifier: string): Promise<ExchangedFlow> {
  const r = await tx.query<{
    id: string;
    user_id: string | null;
    method: string;
    challenge: string | null;
    challenge_method: string | null;
    provider_type: string;
    expired: boolean;
  }>(
    `select id::text as id, user_id::text as user_id, authentication_method as method, code_challenge as challenge,
            code_challenge_method::text as challenge_method, provider_type,
            now() > case when auth_code_issued_at is not null and authentication_method = 'magiclink'
                         then auth_code_issued_at else coalesce(created_at, now()) end + make_interval(secs => $2) as expired
       from auth.flow_state where auth_code = $1 for update`,
    [authCode, FLOW_STATE_EXPIRY_SECONDS],
  );
  const row = r.rows[0];
  if (!row || !row.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (row.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  if (!row.challenge || !row.challenge_method) throw badRequest('bad_code_verifier', 'PKCE verification not applicable for implicit flow');
  if (!verifierMatches(row.challenge_method, row.challenge, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1::uuid', [row.id]);
  return { userId: row.user_id, providerType: row.provider_type, method: row.method as FlowMethod };
}
