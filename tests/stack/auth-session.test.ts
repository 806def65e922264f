import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, api } from './clients.ts';
import { claimsOf, confirmedUser, PASSWORD, sleep } from './auth-helpers.ts';

/** The Supabase CLI's local JWT secret (the same on `supabase start`). */
const SECRET = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');
const REUSE_INTERVAL_MS = 2000;

const refresh = (token: string) => anonClient().auth.refreshSession({ refresh_token: token });

describe('auth: refresh tokens', () => {
  it('rotates: a refresh answers a new refresh token and access token of the same session', async () => {
    const { session } = await confirmedUser('rotate');
    const { data, error } = await refresh(session.refresh_token);
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    const before = claimsOf(session.access_token);
    const after = claimsOf(data.session?.access_token ?? '');
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
  });

  it('the parent of the current token answers the current one; an older token after the interval revokes the family', async () => {
    const { session } = await confirmedUser('reuse');
    const second = (await refresh(session.refresh_token)).data.session?.refresh_token ?? '';
    const retry = await refresh(session.refresh_token);
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(second);
    const third = (await refresh(second)).data.session?.refresh_token ?? '';
    expect(third).not.toBe(second);

    await sleep(REUSE_INTERVAL_MS + 600);
    const replay = await refresh(session.refresh_token);
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');

    await sleep(REUSE_INTERVAL_MS + 600);
    const revoked = await refresh(third);
    expect(revoked.error?.code).toBe('refresh_token_already_used');
  });

  it('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await refresh('notarealtoken');
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('auth: sign out scopes', () => {
  async function threeSessions() {
    const { email, user } = await confirmedUser('scopes');
    const sign = async () => {
      const client = anonClient();
      const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
      if (error || !data.session) throw error ?? new Error('no session');
      return { client, session: data.session };
    };
    return { user, a: await sign(), b: await sign(), c: await sign() };
  }

  it('local ends only this session', async () => {
    const { a, b } = await threeSessions();
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refresh(a.session.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await refresh(b.session.refresh_token)).error).toBeNull();
    const gone = await anonClient().auth.getUser(a.session.access_token);
    expect(gone.error?.name).toBe('AuthSessionMissingError');
  });

  it('others keeps this session and ends the rest', async () => {
    const { a, b, c } = await threeSessions();
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refresh(a.session.refresh_token)).error).toBeNull();
    expect((await refresh(b.session.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await refresh(c.session.refresh_token)).error?.code).toBe('refresh_token_not_found');
  });

  it('global ends every session of the user', async () => {
    const { a, b, c } = await threeSessions();
    expect((await a.client.auth.signOut()).error).toBeNull();
    for (const s of [a, b, c]) expect((await refresh(s.session.refresh_token)).error?.code).toBe('refresh_token_not_found');
  });

  it('an unsupported scope is refused', async () => {
    const { session } = await confirmedUser('badscope');
    const res = await api('/auth/v1/logout?scope=everything', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('auth: JWTs GET /user refuses', () => {
  const getUser = (token: string) => api('/auth/v1/user', { headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' } });

  it('a bad signature, an expired token and alg none are 403 bad_jwt', async () => {
    const { session, user } = await confirmedUser('jwt');
    const [h, p] = session.access_token.split('.');
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sub: user.id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(SECRET);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    for (const token of [forged, expired, none, 'garbage']) {
      const res = await getUser(token);
      expect(res.status).toBe(403);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await res.json()).toMatchObject({ code: 'bad_jwt' });
    }
  });

  it('the anon key has no subject: 403 bad_jwt; no token at all: 401', async () => {
    const res = await api('/auth/v1/user', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const none = await api('/auth/v1/user', { headers: { authorization: '' } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });

  it('a valid token for a user that does not exist is user_not_found', async () => {
    const token = await new SignJWT({ sub: '00000000-0000-4000-8000-00000000dead', role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(SECRET);
    const res = await getUser(token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'user_not_found' });
  });
});
