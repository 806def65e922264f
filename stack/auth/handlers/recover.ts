import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { pkceParams } from '../pkce.ts';
import { clientInfo, JsonObject, limit, MetaSecurity, readJson, validateEmail, optBool, optString } from '../request.ts';
import { audit, createUser, findUserByEmail, findUserById } from '../users.ts';
import { sendConfirmation, sendEmailChange, sendRecoveryToken } from './send-links.ts';
import { requestedRedirect } from './signup.ts';

const EmailBody = z
  .object({
    email: optString,
    phone: optString,
    data: JsonObject.nullish(),
    create_user: optBool,
    type: optString,
    gotrue_meta_security: MetaSecurity,
    code_challenge: optString,
    code_challenge_method: optString,
    channel: optString,
  })
  .passthrough();

function requireEmail(email: string | undefined, phone: string | undefined): string {
  if (!email) {
    if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw unprocessable('validation_failed', 'Password recovery requires an email');
  }
  return validateEmail(email);
}

/** POST /recover: a recovery mail when the address is known, the same empty answer when it is not. */
export async function recover(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<Record<string, never>> {
  const body = await readJson(req, EmailBody);
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  const email = requireEmail(body.email, body.phone);
  const redirectTo = requestedRedirect(deps, req, url);
  const client = clientInfo(req);
  await deps.ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, deps.aud);
    if (!user || user.deleted) return;
    await sendRecoveryToken(deps, tx, user, redirectTo, 'recovery', true, pkce);
    await audit(tx, 'user_recovery_requested', user, client.ip);
  });
  return {};
}

/** POST /otp: magic link / email code; unknown addresses sign up when create_user allows it. */
export async function otp(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<Record<string, never>> {
  limit(deps.limits.signInSignUps, req);
  const body = await readJson(req, EmailBody);
  if (!body.email) {
    if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw unprocessable('validation_failed', 'An email address or phone number is required');
  }
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  const email = validateEmail(body.email);
  const redirectTo = requestedRedirect(deps, req, url);
  const client = clientInfo(req);
  await deps.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email, deps.aud);
    if (!user) {
      if (body.create_user === false) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      if (!deps.settings.signupEnabled || !deps.settings.emailSignupEnabled) {
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      }
      const id = await createUser(tx, {
        email,
        password: null,
        aud: deps.aud,
        role: 'authenticated',
        userMetadata: body.data ?? {},
        appMetadata: { provider: 'email', providers: ['email'] },
        confirmed: deps.settings.autoconfirm,
      });
      user = await findUserById(tx, id);
      if (!user) throw new Error('created user not found');
      await audit(tx, 'user_signedup', user, client.ip, { provider: 'email' });
    }
    if (user.email_confirmed) await sendRecoveryToken(deps, tx, user, redirectTo, 'magic_link', true, pkce);
    else await sendConfirmation(deps, tx, user, redirectTo, 'confirmation', true, pkce);
  });
  return {};
}

/** POST /resend: the pending signup confirmation or email change mail again. */
export async function resend(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<Record<string, never>> {
  const body = await readJson(req, EmailBody);
  if (body.type !== 'signup' && body.type !== 'email_change') {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = requireEmail(body.email, body.phone);
  const redirectTo = requestedRedirect(deps, req, url);
  await deps.ctx.db.transaction(async (tx) => {
    if (body.type === 'signup') {
      const user = await findUserByEmail(tx, email, deps.aud);
      if (user && !user.email_confirmed) await sendConfirmation(deps, tx, user, redirectTo);
      return;
    }
    const r = await tx.query<{ id: string }>("select id::text as id from auth.users where lower(email_change) = lower($1) and email_change <> ''", [email]);
    const user = r.rows[0] ? await findUserById(tx, r.rows[0].id) : null;
    if (user) await sendEmailChange(deps, tx, user, user.email_change, redirectTo);
  });
  return {};
}
