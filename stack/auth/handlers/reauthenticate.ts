import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../../db/database.ts';
import type { AuthDeps } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { generateOtp, tokenHash } from '../otp.ts';
import { clientInfo, requireUser } from '../request.ts';
import { audit, type UserRow } from '../users.ts';

const INVALID_NONCE = 'Nonce has expired or is invalid';
/** GoTrue asks for a nonce when the session is older than this (UserUpdate's 24 hours). */
const RECENT_SIGN_IN_SECONDS = 24 * 3600;

interface ReauthState {
  token: string;
  sent_at: number | null;
}

async function reauthState(tx: Queryable, userId: string): Promise<ReauthState> {
  const r = await tx.query<ReauthState>(
    `select coalesce(reauthentication_token, '') as token, extract(epoch from reauthentication_sent_at)::float8 as sent_at
       from auth.users where id = $1::uuid`,
    [userId],
  );
  return r.rows[0] ?? { token: '', sent_at: null };
}

/** GET /reauthenticate: mails the signed-in user a one-time code (the nonce PUT /user takes). */
export async function reauthenticate(deps: AuthDeps, req: IncomingMessage): Promise<Record<string, never>> {
  const client = clientInfo(req);
  await deps.ctx.db.transaction(async (tx) => {
    const { user } = await requireUser(deps, req, tx);
    const email = user.email ?? '';
    if (email === '') {
      if (user.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
      throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!user.email_confirmed) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    await audit(tx, 'user_reauthenticate_requested', user, client.ip);
    const state = await reauthState(tx, user.id);
    deps.mailer.assertFrequency(state.sent_at);
    const otp = generateOtp(deps.settings.otpLength);
    const hash = tokenHash(email, otp);
    await tx.query('update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1::uuid', [
      user.id,
      hash,
    ]);
    await tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
       values ($1::uuid, $2::uuid, 'reauthentication_token', $3, $4)
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
      [randomUUID(), user.id, hash, email],
    );
    await deps.mailer.send(tx, {
      kind: 'reauthentication',
      type: null,
      to: email,
      otp,
      tokenHash: hash,
      redirectTo: deps.settings.siteUrl,
      email,
      data: user.user_metadata,
    });
  });
  return {};
}

/**
 * GoTrue's UserUpdate with secure password change on: a session created more than 24 hours ago (or
 * a token without one) must present the mailed nonce, which is then used up (verifyReauthentication).
 */
export async function requireReauthentication(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  sessionId: string | null,
  nonce: string | undefined,
): Promise<void> {
  if (sessionId) {
    const r = await tx.query<{ age: number | null }>('select extract(epoch from (now() - created_at))::float8 as age from auth.sessions where id = $1::uuid', [
      sessionId,
    ]);
    const age = r.rows[0]?.age;
    if (age !== null && age !== undefined && age <= RECENT_SIGN_IN_SECONDS) return;
  }
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  const state = await reauthState(tx, user.id);
  if (state.token === '' || state.sent_at === null) throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  const email = user.email ?? '';
  if (email === '') throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
  const expired = state.sent_at + deps.settings.otpExpiry < Date.now() / 1000;
  if (expired || tokenHash(email, nonce) !== state.token) throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  await tx.query("update auth.users set reauthentication_token = '', updated_at = now() where id = $1::uuid", [user.id]);
  await tx.query("delete from auth.one_time_tokens where user_id = $1::uuid and token_type = 'reauthentication_token'", [user.id]);
}
