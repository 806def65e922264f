import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { AuthError, badRequest, OAuthError } from '../errors.ts';
import { passwordWeakness } from '../passwords.ts';
import { consumeFlowState } from '../pkce.ts';
import { clientInfo, limit, MetaSecurity, readJson, optString } from '../request.ts';
import type { SessionResponse } from '../sessions.ts';
import { audit, findUserByEmail, findUserById, passwordMatches, recordSignIn } from '../users.ts';

const PasswordGrant = z
  .object({ email: optString, phone: optString, password: optString, gotrue_meta_security: MetaSecurity })
  .passthrough();
const RefreshGrant = z.object({ refresh_token: optString }).passthrough();
const PkceGrant = z.object({ auth_code: optString, code_verifier: optString }).passthrough();

const INVALID_LOGIN = 'Invalid login credentials';

async function passwordGrant(deps: AuthDeps, req: IncomingMessage): Promise<SessionResponse> {
  limit(deps.limits.signInSignUps, req);
  const body = await readJson(req, PasswordGrant);
  if (body.email && body.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!body.email && !body.phone) throw badRequest('validation_failed', 'missing email or phone');
  if (!body.email) throw badRequest('invalid_credentials', INVALID_LOGIN);
  const email = body.email.trim();
  const password = body.password ?? '';
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, deps.aud);
    if (!user || user.deleted) throw badRequest('invalid_credentials', INVALID_LOGIN);
    if (user.banned) throw badRequest('user_banned', 'User is banned');
    if (!(await passwordMatches(tx, user.id, password))) throw badRequest('invalid_credentials', INVALID_LOGIN);
    if (!user.email_confirmed) throw badRequest('email_not_confirmed', 'Email not confirmed');
    await recordSignIn(tx, user.id);
    await audit(tx, 'login', user, client.ip, { provider: 'email' });
    const signedIn = await findUserById(tx, user.id);
    const session = await deps.sessions.create(tx, signedIn ?? user, 'password', client);
    const weak = passwordWeakness(password, deps.settings);
    return weak ? { ...session, weak_password: weak } : session;
  });
}

async function refreshGrant(deps: AuthDeps, req: IncomingMessage): Promise<SessionResponse> {
  limit(deps.limits.tokenRefresh, req);
  const body = await readJson(req, RefreshGrant);
  if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token required');
  const token = body.refresh_token;
  // A replayed token's family revocation must be committed even though the request fails.
  const result = await deps.ctx.db.transaction((tx) => deps.sessions.refresh(tx, token));
  if (result instanceof AuthError) throw result;
  return result;
}

/** GoTrue's PKCE grant: the auth code of a verified link and the verifier of its challenge, once. */
async function pkceGrant(deps: AuthDeps, req: IncomingMessage): Promise<SessionResponse> {
  limit(deps.limits.signInSignUps, req);
  const body = await readJson(req, PkceGrant);
  if (!body.auth_code || !body.code_verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const authCode = body.auth_code;
  const verifier = body.code_verifier;
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    const flow = await consumeFlowState(tx, authCode, verifier);
    const user = await findUserById(tx, flow.userId);
    if (!user) throw new AuthError(500, 'unexpected_failure', 'User of the flow state no longer exists');
    if (user.banned) throw badRequest('user_banned', 'User is banned');
    await recordSignIn(tx, user.id);
    await audit(tx, 'login', user, client.ip, { provider_type: flow.providerType });
    const signedIn = (await findUserById(tx, user.id)) ?? user;
    return deps.sessions.create(tx, signedIn, flow.method, client);
  });
}

export function tokenGrant(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<SessionResponse> {
  const grant = url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(deps, req);
  if (grant === 'refresh_token') return refreshGrant(deps, req);
  if (grant === 'pkce') return pkceGrant(deps, req);
  throw badRequest('validation_failed', 'unsupported_grant_type');
}
