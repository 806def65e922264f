import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { AuthDeps } from '../deps.ts';
import { AuthError, badRequest, forbidden, unprocessable } from '../errors.ts';
import { tokenHash } from '../otp.ts';
import { issueAuthCode, PKCE_PREFIX, type FlowMethod } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { clientInfo, limit, readJson, optString } from '../request.ts';
import type { AuthMethod, SessionResponse } from '../sessions.ts';
import { audit, confirmEmail, findUserById, recordSignIn, type UserRow } from '../users.ts';

const TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
type VerifyType = (typeof TYPES)[number];

const VerifyBody = z
  .object({
    type: optString,
    token: optString,
    token_hash: optString,
    email: optString,
    phone: optString,
    redirect_to: optString,
    gotrue_meta_security: z.unknown().optional(),
  })
  .passthrough();

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Which users-table token columns a verification type may match, as GoTrue's verify does. */
const COLUMNS: Record<VerifyType, string[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

type Outcome =
  | { kind: 'session'; session: SessionResponse; type: VerifyType }
  | { kind: 'code'; code: string }
  | { kind: 'message'; message: string };

/** The implicit flow answers with a session; the PKCE flow (a `pkce_` link) with an auth code. */
type Flow = 'implicit' | 'pkce';

function sentAt(user: UserRow, column: string): number | null {
  if (column === 'confirmation_token') return user.confirmation_sent_at;
  if (column === 'recovery_token') return user.recovery_sent_at;
  return user.email_change_sent_at;
}

async function findByToken(tx: Queryable, type: VerifyType, hash: string): Promise<{ user: UserRow; column: string } | null> {
  for (const column of COLUMNS[type]) {
    // GoTrue's isOtpValid: a code or hash also matches the `pkce_`-prefixed token of a PKCE request.
    const r = await tx.query<{ id: string }>(
      `select id::text as id from auth.users where ($1 <> '' and ${column} = $1) or ($2 <> '' and ${column} = $2) limit 1`,
      [hash, hash.startsWith(PKCE_PREFIX) ? '' : PKCE_PREFIX + hash],
    );
    if (r.rows[0]) {
      const user = await findUserById(tx, r.rows[0].id);
      if (user) return { user, column };
    }
  }
  return null;
}

async function completeEmailChange(tx: Queryable, user: UserRow): Promise<void> {
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
        email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
        updated_at = now() where id = $1::uuid`,
    [user.id],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
      where user_id = $1::uuid and provider = 'email'`,
    [user.id, user.email_change],
  );
  await tx.query("delete from auth.one_time_tokens where user_id = $1::uuid and token_type in ('email_change_token_new', 'email_change_token_current')", [
    user.id,
  ]);
}

async function verifyToken(
  deps: AuthDeps,
  req: IncomingMessage,
  type: VerifyType,
  hash: string,
  expiredMessage: string,
  flow: Flow = 'implicit',
): Promise<Outcome> {
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    const found = await findByToken(tx, type, hash);
    if (!found) throw forbidden('otp_expired', expiredMessage);
    const { user, column } = found;
    const sent = sentAt(user, column);
    if (sent === null || sent + deps.settings.otpExpiry < Date.now() / 1000) throw forbidden('otp_expired', expiredMessage);
    if (user.banned) throw forbidden('user_banned', 'User is banned');
    let method: AuthMethod;
    let flowMethod: FlowMethod;
    let effective: VerifyType = type;
    if (column === 'confirmation_token') {
      await confirmEmail(tx, user.id);
      await tx.query("delete from auth.one_time_tokens where user_id = $1::uuid and token_type = 'confirmation_token'", [user.id]);
      method = type === 'invite' ? 'invite' : type === 'email' ? 'otp' : 'email/signup';
      flowMethod = type === 'invite' ? 'invite' : 'email/signup';
      if (type === 'email') effective = 'signup';
    } else if (column === 'recovery_token') {
      await tx.query("update auth.users set recovery_token = '', updated_at = now() where id = $1::uuid", [user.id]);
      await tx.query("delete from auth.one_time_tokens where user_id = $1::uuid and token_type = 'recovery_token'", [user.id]);
      if (!user.email_confirmed) await confirmEmail(tx, user.id);
      method = type === 'recovery' ? 'recovery' : type === 'email' ? 'otp' : 'magiclink';
      flowMethod = type === 'recovery' ? 'recovery' : 'magiclink';
      if (type === 'email') effective = 'magiclink';
    } else {
      const otherPending = column === 'email_change_token_new' ? user.email_change_token_current : user.email_change_token_new;
      if (deps.settings.doubleConfirmChanges && user.email_change_confirm_status === 0 && otherPending !== '') {
        await tx.query(`update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now() where id = $1::uuid`, [user.id]);
        await tx.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2::auth.one_time_token_type', [user.id, column]);
        return { kind: 'message', message: SINGLE_CONFIRMATION };
      }
      await completeEmailChange(tx, user);
      method = 'email_change';
      flowMethod = 'email_change';
    }
    const current = await findUserById(tx, user.id);
    if (!current) throw new Error('verified user not found');
    await audit(tx, effective === 'signup' || effective === 'invite' ? 'user_signedup' : 'login', current, client.ip, { provider: 'email' });
    // PKCE: no session here; the auth code is exchanged for one at POST /token?grant_type=pkce.
    if (flow === 'pkce') return { kind: 'code', code: await issueAuthCode(tx, user.id, flowMethod) };
    await recordSignIn(tx, user.id);
    const signedIn = (await findUserById(tx, user.id)) ?? current;
    return { kind: 'session', session: await deps.sessions.create(tx, signedIn, method, client), type: effective };
  });
}

function parseType(raw: string | undefined | null): VerifyType {
  if (raw && (TYPES as readonly string[]).includes(raw)) return raw as VerifyType;
  if (raw === 'sms' || raw === 'phone_change') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  throw badRequest('validation_failed', `Verify requires a verification type`);
}

/** POST /verify: {type, token, email} (the mailed code) or {type, token_hash}. */
export async function verifyPost(deps: AuthDeps, req: IncomingMessage): Promise<SessionResponse | { msg: string; code: number }> {
  limit(deps.limits.verifications, req);
  const body = await readJson(req, VerifyBody);
  const type = parseType(body.type);
  let hash: string;
  if (body.token_hash) hash = body.token_hash;
  else if (body.token) {
    if (!body.email) {
      if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
      throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
    hash = tokenHash(body.email.trim().toLowerCase(), body.token.trim());
  } else throw unprocessable('validation_failed', 'Verify requires either a token or a token hash');
  const outcome = await verifyToken(deps, req, type, hash, 'Token has expired or is invalid');
  if (outcome.kind === 'session') return outcome.session;
  if (outcome.kind === 'message') return { msg: outcome.message, code: 200 };
  throw new Error('POST /verify issued an auth code');
}

/** The redirect target with `params` set in its query (PKCE), keeping what it already carries. */
function withQuery(target: string, params: URLSearchParams): string {
  try {
    const u = new URL(target);
    for (const [k, v] of params) u.searchParams.set(k, v);
    return u.toString();
  } catch {
    return target;
  }
}

/**
 * GET /verify: the mailed link. It always answers with a 303 to the (allowed) redirect: the session
 * in the fragment (implicit flow), or `?code=` (PKCE flow, a `pkce_` token); errors and messages in
 * the fragment, and in the query too for PKCE, as GoTrue's prepErrorRedirectURL does.
 */
export async function verifyGet(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const redirectTo = resolveRedirect(url.searchParams.get('redirect_to'), deps.settings);
  const token = url.searchParams.get('token');
  const flow: Flow = token?.startsWith(PKCE_PREFIX) ? 'pkce' : 'implicit';
  const go = (fragment: URLSearchParams | null, query: URLSearchParams | null = null) => {
    let location = query ? withQuery(redirectTo, query) : redirectTo;
    if (fragment) location = `${location.split('#')[0]}#${fragment.toString()}`;
    res.writeHead(303, { location, 'content-length': 0 });
    res.end();
  };
  try {
    limit(deps.limits.verifications, req);
    const type = parseType(url.searchParams.get('type'));
    if (!token) throw unprocessable('validation_failed', 'Verify requires a token or a token hash');
    const outcome = await verifyToken(deps, req, type, token, 'Email link is invalid or has expired', flow);
    if (outcome.kind === 'message') {
      const params = new URLSearchParams({ message: outcome.message });
      go(params, flow === 'pkce' ? params : null);
      return;
    }
    if (outcome.kind === 'code') {
      go(null, new URLSearchParams({ code: outcome.code }));
      return;
    }
    const s = outcome.session;
    go(
      new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type: outcome.type,
      }),
    );
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    const error = e.status === 403 ? 'access_denied' : e.status === 429 ? 'too_many_requests' : 'invalid_request';
    const params = new URLSearchParams({ error, error_code: e.errorCode, error_description: e.message });
    go(params, flow === 'pkce' ? params : null);
  }
}
