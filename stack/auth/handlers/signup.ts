import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { assertStrongPassword } from '../passwords.ts';
import { pkceParams } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { clientInfo, JsonObject, limit, MetaSecurity, readJson, validateEmail, optString } from '../request.ts';
import type { SessionResponse } from '../sessions.ts';
import { audit, confirmEmail, createUser, findUserByEmail, findUserById, type Json } from '../users.ts';
import { sendConfirmation } from './send-links.ts';

const SignupBody = z
  .object({
    email: optString,
    phone: optString,
    password: optString,
    data: JsonObject.nullish(),
    gotrue_meta_security: MetaSecurity,
    code_challenge: optString,
    code_challenge_method: optString,
    channel: optString,
  })
  .passthrough();

/** GoTrue's redirect: ?redirect_to=, else the Referer header, validated against the allow list. */
export function requestedRedirect(deps: AuthDeps, req: IncomingMessage, url: URL, bodyValue?: string): string {
  const referer = req.headers.referer;
  return resolveRedirect(url.searchParams.get('redirect_to') || bodyValue || (typeof referer === 'string' ? referer : null), deps.settings);
}

/** What GoTrue answers for an already confirmed address when confirmations are on: a plausible, fake user. */
function obfuscatedUser(email: string, aud: string, data: Json): Json {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<SessionResponse | Json> {
  limit(deps.limits.signInSignUps, req);
  const body = await readJson(req, SignupBody);
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  if (!deps.settings.signupEnabled) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!body.email && !body.phone) {
    if (!deps.settings.anonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (!body.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!deps.settings.emailSignupEnabled) throw unprocessable('email_provider_disabled', 'Email signups are disabled');
  if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  assertStrongPassword(body.password, deps.settings);
  const email = validateEmail(body.email);
  const data = body.data ?? {};
  const redirectTo = requestedRedirect(deps, req, url);
  const client = clientInfo(req);

  return deps.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email, deps.aud);
    if (user?.email_confirmed) {
      if (deps.settings.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      return obfuscatedUser(email, deps.aud, data);
    }
    if (!user) {
      const id = await createUser(tx, {
        email,
        password: body.password ?? null,
        aud: deps.aud,
        role: 'authenticated',
        userMetadata: data,
        appMetadata: { provider: 'email', providers: ['email'] },
        confirmed: false,
      });
      user = await findUserById(tx, id);
      if (!user) throw new Error('created user not found');
      await audit(tx, 'user_signedup', user, client.ip, { provider: 'email' });
    } else {
      await audit(tx, 'user_repeated_signup', user, client.ip, { provider: 'email' });
    }
    if (deps.settings.autoconfirm) {
      await confirmEmail(tx, user.id);
      const confirmed = await findUserById(tx, user.id);
      if (!confirmed) throw new Error('confirmed user not found');
      await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [user.id]);
      return deps.sessions.create(tx, confirmed, 'password', client);
    }
    await sendConfirmation(deps, tx, user, redirectTo, 'confirmation', true, pkce);
    const sent = await findUserById(tx, user.id);
    return sent ? sent.json : user.json;
  });
}
