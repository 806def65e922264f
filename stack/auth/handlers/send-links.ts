import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { AuthDeps } from '../deps.ts';
import { generateOtp, tokenHash } from '../otp.ts';
import { createFlowState, flowToken, type FlowMethod, type PkceRequest } from '../pkce.ts';
import type { UserRow } from '../users.ts';

/**
 * The mails that carry a one-time token. Each writes the token hash where GoTrue keeps it
 * (users columns, mirrored in auth.one_time_tokens) and the send time GoTrue's max_frequency reads.
 */
async function rememberToken(tx: Queryable, userId: string, type: string, hash: string, relatesTo: string): Promise<void> {
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values ($1::uuid, $2::uuid, $3::auth.one_time_token_type, $4, $5)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

export interface IssuedToken {
  otp: string;
  /** The stored token: the hash, prefixed `pkce_` in the PKCE flow. */
  hash: string;
}

/** GoTrue keeps a signup/invite token in confirmation_token and a recovery/magic-link token in recovery_token. */
const TOKEN_COLUMNS = {
  confirmation: { update: 'update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1::uuid', type: 'confirmation_token' },
  recovery: { update: 'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1::uuid', type: 'recovery_token' },
} as const;

interface TokenMail {
  column: keyof typeof TOKEN_COLUMNS;
  sentAt: number | null;
  kind: 'confirmation' | 'invite' | 'recovery' | 'magic_link';
  type: 'signup' | 'invite' | 'recovery' | 'magiclink';
  /** GoTrue's flow_state provider type and authentication method for the PKCE flow. */
  flow: [provider: string, method: FlowMethod];
}

async function issueToken(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  redirectTo: string,
  mail: TokenMail,
  deliver: boolean,
  pkce: PkceRequest | null,
): Promise<IssuedToken> {
  if (deliver) deps.mailer.assertFrequency(mail.sentAt);
  const email = user.email ?? '';
  const otp = generateOtp(deps.settings.otpLength);
  const hash = flowToken(tokenHash(email, otp), pkce);
  if (pkce) await createFlowState(tx, user.id, mail.flow[0], mail.flow[1], pkce);
  const column = TOKEN_COLUMNS[mail.column];
  await tx.query(column.update, [user.id, hash]);
  await rememberToken(tx, user.id, column.type, hash, email);
  if (deliver) {
    await deps.mailer.send(tx, { kind: mail.kind, type: mail.type, to: email, otp, tokenHash: hash, redirectTo, email, data: user.user_metadata });
  }
  return { otp, hash };
}

/**
 * With `deliver` false the token is issued without a mail: admin generate_link hands it to the caller instead.
 * With `pkce` the request's flow state is stored and the token carries GoTrue's `pkce_` prefix.
 */
export function sendConfirmation(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  redirectTo: string,
  kind: 'confirmation' | 'invite' = 'confirmation',
  deliver = true,
  pkce: PkceRequest | null = null,
): Promise<IssuedToken> {
  const invite = kind === 'invite';
  return issueToken(
    deps,
    tx,
    user,
    redirectTo,
    { column: 'confirmation', sentAt: user.confirmation_sent_at, kind, type: invite ? 'invite' : 'signup', flow: invite ? ['invite', 'invite'] : ['email', 'email/signup'] },
    deliver,
    pkce,
  );
}

/** Recovery and magic link share GoTrue's recovery_token. */
export function sendRecoveryToken(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  redirectTo: string,
  kind: 'recovery' | 'magic_link',
  deliver = true,
  pkce: PkceRequest | null = null,
): Promise<IssuedToken> {
  const method = kind === 'recovery' ? 'recovery' : 'magiclink';
  return issueToken(deps, tx, user, redirectTo, { column: 'recovery', sentAt: user.recovery_sent_at, kind, type: method, flow: [method, method] }, deliver, pkce);
}

/** GoTrue's email change: a link to the new address, and with double_confirm_changes one to the current one too. */
export async function sendEmailChange(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce: PkceRequest | null = null,
): Promise<void> {
  deps.mailer.assertFrequency(user.email_change_sent_at);
  const current = user.email ?? '';
  const otpNew = generateOtp(deps.settings.otpLength);
  const hashNew = flowToken(tokenHash(newEmail, otpNew), pkce);
  const double = deps.settings.doubleConfirmChanges && current !== '';
  const otpCurrent = double ? generateOtp(deps.settings.otpLength) : '';
  const hashCurrent = double ? flowToken(tokenHash(current, otpCurrent), pkce) : '';
  if (pkce) await createFlowState(tx, user.id, 'email_change', 'email_change', pkce);
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
        email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1::uuid`,
    [user.id, newEmail, hashNew, hashCurrent],
  );
  await rememberToken(tx, user.id, 'email_change_token_new', hashNew, newEmail);
  const base = { kind: 'email_change' as const, type: 'email_change' as const, redirectTo, email: current, newEmail, data: user.user_metadata };
  await deps.mailer.send(tx, { ...base, to: newEmail, otp: otpNew, tokenHash: hashNew });
  if (double) {
    await rememberToken(tx, user.id, 'email_change_token_current', hashCurrent, current);
    await deps.mailer.send(tx, { ...base, to: current, otp: otpCurrent, tokenHash: hashCurrent });
  }
}
