import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { assertStrongPassword } from '../passwords.ts';
import { pkceParams } from '../pkce.ts';
import { clientInfo, JsonObject, readJson, requireUser, validateEmail, optString } from '../request.ts';
import { audit, emailTaken, findUserById, mergeUserMetadata, passwordMatches, setPassword, type Json } from '../users.ts';
import { requireReauthentication } from './reauthenticate.ts';
import { sendEmailChange } from './send-links.ts';
import { requestedRedirect } from './signup.ts';

const UpdateBody = z
  .object({
    email: optString,
    password: optString,
    phone: optString,
    data: JsonObject.nullish(),
    nonce: optString,
    app_metadata: JsonObject.nullish(),
    code_challenge: optString,
    code_challenge_method: optString,
  })
  .passthrough();

export function getUser(deps: AuthDeps, req: IncomingMessage): Promise<Json> {
  return deps.ctx.db.transaction(async (tx) => (await requireUser(deps, req, tx)).user.json);
}

/** PUT /user: metadata, password (other sessions end, as GoTrue's UpdatePassword does) and the email change flow. */
export async function updateUser(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<Json> {
  const body = await readJson(req, UpdateBody);
  const client = clientInfo(req);
  return deps.ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(deps, req, tx);
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    if (body.password !== undefined) {
      assertStrongPassword(body.password, deps.settings);
      if (deps.settings.securePasswordChange) await requireReauthentication(deps, tx, user, sessionId, body.nonce);
      if (await passwordMatches(tx, user.id, body.password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      await setPassword(tx, user.id, body.password);
      await tx.query('delete from auth.sessions where user_id = $1::uuid and ($2::uuid is null or id <> $2::uuid)', [user.id, sessionId]);
      await audit(tx, 'user_updated_password', user, client.ip);
    }
    if (body.data) await mergeUserMetadata(tx, user.id, body.data);
    if (body.email !== undefined) {
      const email = validateEmail(body.email);
      if (email !== (user.email ?? '').toLowerCase()) {
        if (await emailTaken(tx, email, deps.aud, user.id)) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
        if (deps.settings.autoconfirm) {
          await tx.query('update auth.users set email = $2, email_change = \'\', updated_at = now() where id = $1::uuid', [user.id, email]);
          await tx.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
              where user_id = $1::uuid and provider = 'email'`,
            [user.id, email],
          );
        } else {
          const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
          await sendEmailChange(deps, tx, user, email, requestedRedirect(deps, req, url), pkce);
        }
      }
    }
    await audit(tx, 'user_modified', user, client.ip);
    const updated = await findUserById(tx, user.id);
    return (updated ?? user).json;
  });
}

export async function logout(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<void> {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const client = clientInfo(req);
  await deps.ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(deps, req, tx);
    await deps.sessions.logout(tx, user.id, sessionId, scope);
    await audit(tx, 'logout', user, client.ip);
  });
}
