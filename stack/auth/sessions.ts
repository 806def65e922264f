import { randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { StackContext } from '../http/service.ts';
import { AuthError, badRequest } from './errors.ts';
import { runAccessTokenHook } from './hook.ts';
import type { AuthSettings } from './settings.ts';
import { findUserById, type Json, type UserRow } from './users.ts';

/** GoTrue's models.AuthenticationMethod names: they appear in `amr` and in the hook's event. */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'email/signup' | 'recovery' | 'invite' | 'email_change' | 'token_refresh';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
  weak_password?: { message: string; reasons: string[] };
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's refresh tokens: 12 random lower-case alphanumerics. */
function newRefreshToken(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export class SessionService {
  constructor(
    private readonly ctx: StackContext,
    private readonly settings: AuthSettings,
  ) {}

  /** A new session for `user` (sign-in, verification): session row, amr claim, refresh token, access token. */
  async create(tx: Queryable, user: UserRow, method: AuthMethod, client: ClientInfo): Promise<SessionResponse> {
    const sessionId = randomUUID();
    const ip = /^[0-9a-f.:]+$/i.test(client.ip) ? client.ip : null;
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
       values ($1::uuid, $2::uuid, now(), now(), 'aal1', (now() at time zone 'UTC'), $3, $4::inet)`,
      [sessionId, user.id, client.userAgent, ip],
    );
    await tx.query(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       values ($1::uuid, now(), now(), $2, $3::uuid)`,
      [sessionId, method, randomUUID()],
    );
    const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
    return this.respond(tx, user.id, sessionId, refreshToken, method);
  }

  /**
   * The refresh_token grant, as GoTrue's RefreshTokenGrant: rotation, the reuse interval, and
   * revocation of the whole session's token family when a revoked token is replayed after it.
   * Returns an error *after* the family revocation was written, so the caller commits it.
   */
  async refresh(tx: Queryable, token: string): Promise<SessionResponse | AuthError> {
    const r = await tx.query<{ id: string; user_id: string; revoked: boolean; session_id: string | null; age: number; session_exists: boolean }>(
      `select t.id::text as id, t.user_id, coalesce(t.revoked, false) as revoked, t.session_id::text as session_id,
              extract(epoch from (now() - t.updated_at))::float8 as age, s.id is not null as session_exists
         from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
        where t.token = $1 for update of t`,
      [token],
    );
    const row = r.rows[0];
    if (!row) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, row.user_id);
    if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (user.banned) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!row.session_id || !row.session_exists) {
      await tx.query('delete from auth.refresh_tokens where id = $1::bigint', [row.id]);
      return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    const sessionId = row.session_id;
    let issued: string | null = null;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1::uuid and coalesce(revoked, false) = false
          order by id desc limit 1`,
        [sessionId],
      );
      if (active.rows[0]?.parent === token) {
        // The client lost the answer to its last refresh: hand it the token that answer carried.
        issued = active.rows[0].token;
      } else if (row.age > this.settings.refreshTokenReuseInterval) {
        if (this.settings.refreshTokenRotation) {
          await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid and revoked = false', [
            sessionId,
          ]);
        }
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    if (!issued) {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint', [row.id]);
      issued = await insertRefreshToken(tx, user.id, sessionId, token);
    }
    await tx.query("update auth.sessions set refreshed_at = (now() at time zone 'UTC'), updated_at = now() where id = $1::uuid", [sessionId]);
    return this.respond(tx, user.id, sessionId, issued, 'token_refresh');
  }

  private async respond(tx: Queryable, userId: string, sessionId: string, refreshToken: string, method: AuthMethod): Promise<SessionResponse> {
    const user = await findUserById(tx, userId);
    if (!user) throw new AuthError(500, 'unexpected_failure', 'User disappeared during sign-in');
    const { token, expiresIn, expiresAt } = await this.accessToken(tx, user, sessionId, method);
    return { access_token: token, token_type: 'bearer', expires_in: expiresIn, expires_at: expiresAt, refresh_token: refreshToken, user: user.json };
  }

  /** The access JWT with Supabase's claims, passed through the custom access token hook when configured. */
  private async accessToken(tx: Queryable, user: UserRow, sessionId: string, method: AuthMethod) {
    const now = Math.floor(Date.now() / 1000);
    const amr = await tx.query<{ method: string; timestamp: number }>(
      `select authentication_method as method, extract(epoch from created_at)::float8 as timestamp
         from auth.mfa_amr_claims where session_id = $1::uuid order by created_at desc`,
      [sessionId],
    );
    let claims: Json = {
      iss: `${this.ctx.config.url}/auth/v1`,
      sub: user.id,
      aud: user.aud,
      exp: now + this.settings.jwtExpiry,
      iat: now,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role,
      aal: 'aal1',
      amr: amr.rows.map((a) => ({ method: a.method, timestamp: Math.floor(a.timestamp) })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    };
    if (this.settings.customAccessTokenHook) {
      claims = await runAccessTokenHook(tx, this.settings.customAccessTokenHook, { user_id: user.id, claims, authentication_method: method });
    }
    const exp = typeof claims.exp === 'number' ? claims.exp : now + this.settings.jwtExpiry;
    const expiresIn = Math.max(1, exp - now);
    const { exp: _exp, iat: _iat, ...payload } = claims;
    const token = await this.ctx.jwt.sign(payload, expiresIn);
    return { token, expiresIn, expiresAt: now + expiresIn };
  }

  /** POST /logout: local ends this session, others every other one, global all of the user's. */
  async logout(tx: Queryable, userId: string, sessionId: string | null, scope: 'global' | 'local' | 'others'): Promise<void> {
    if (scope === 'local') {
      if (sessionId) await tx.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
    } else if (scope === 'others') {
      await tx.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [userId, sessionId]);
    } else {
      await tx.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
    }
    await tx.query(
      `delete from auth.refresh_tokens t where t.user_id = $1 and (t.session_id is null
         or not exists (select 1 from auth.sessions s where s.id = t.session_id))`,
      [userId],
    );
  }
}
