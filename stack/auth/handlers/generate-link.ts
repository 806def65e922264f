import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import type { VerificationType } from '../mailer.ts';
import { generateOtp, tokenHash } from '../otp.ts';
import { assertStrongPassword } from '../passwords.ts';
import { JsonObject, readJson, requireAdmin, validateEmail, optString } from '../request.ts';
import { createUser, emailTaken, findUserByEmail, findUserById, type Json } from '../users.ts';
import { sendConfirmation, sendRecoveryToken, type IssuedToken } from './send-links.ts';
import { requestedRedirect } from './signup.ts';

const GenerateLinkBody = z
  .object({
    type: z.string(),
    email: optString,
    password: optString,
    new_email: optString,
    data: JsonObject.nullish(),
    redirect_to: optString,
  })
  .passthrough();

const TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

/** POST /admin/generate_link: the token and link a mail would carry, without sending the mail. */
export async function generateLink(deps: AuthDeps, req: IncomingMessage, url: URL): Promise<Json> {
  await requireAdmin(deps, req);
  const body = await readJson(req, GenerateLinkBody);
  if (!TYPES.includes(body.type)) throw badRequest('validation_failed', 'Invalid email action link type requested');
  const email = validateEmail(body.email ?? '');
  const redirectTo = requestedRedirect(deps, req, url, body.redirect_to);
  return deps.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email, deps.aud);
    let issued: IssuedToken;
    let verification: VerificationType;
    if (body.type === 'signup' || body.type === 'invite') {
      if (user?.email_confirmed) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      if (body.type === 'signup' && !body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
      if (body.password) assertStrongPassword(body.password, deps.settings);
      if (!user) {
        const id = await createUser(tx, {
          email,
          password: body.type === 'signup' ? (body.password ?? null) : null,
          aud: deps.aud,
          role: 'authenticated',
          userMetadata: body.data ?? {},
          appMetadata: { provider: 'email', providers: ['email'] },
          confirmed: false,
          invited: body.type === 'invite',
        });
        user = await findUserById(tx, id);
        if (!user) throw new Error('created user not found');
      }
      verification = body.type === 'invite' ? 'invite' : 'signup';
      issued = await sendConfirmation(deps, tx, user, redirectTo, body.type === 'invite' ? 'invite' : 'confirmation', false);
    } else if (body.type === 'magiclink' || body.type === 'recovery') {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      verification = body.type;
      issued = await sendRecoveryToken(deps, tx, user, redirectTo, body.type === 'recovery' ? 'recovery' : 'magic_link', false);
    } else {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      if (!body.new_email) throw unprocessable('validation_failed', 'The new email address provided is invalid');
      const newEmail = validateEmail(body.new_email);
      if (await emailTaken(tx, newEmail, deps.aud, user.id)) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      const current = body.type === 'email_change_current';
      const otp = generateOtp(deps.settings.otpLength);
      const hash = tokenHash(current ? email : newEmail, otp);
      await tx.query(
        `update auth.users set email_change = $2, ${current ? 'email_change_token_current' : 'email_change_token_new'} = $3,
            email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1::uuid`,
        [user.id, newEmail, hash],
      );
      verification = 'email_change';
      issued = { otp, hash };
    }
    const fresh = await findUserById(tx, user.id);
    return {
      ...(fresh ?? user).json,
      action_link: deps.mailer.verifyUrl(issued.hash, verification, redirectTo),
      email_otp: issued.otp,
      hashed_token: issued.hash,
      verification_type: verification,
      redirect_to: redirectTo,
    };
  });
}
