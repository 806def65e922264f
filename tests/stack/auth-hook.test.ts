import { describe, expect, it } from 'vitest';
import { anonClient } from './clients.ts';
import { claimsOf, confirmedUser, PASSWORD } from './auth-helpers.ts';

describe('auth: custom access token hook', () => {
  it('the configured Postgres function shapes every access token', async () => {
    const { email, session } = await confirmedUser('hook', { tier: 'platinum' });
    expect(claimsOf(session.access_token)).toMatchObject({ tier: 'platinum', auth_method: 'email/signup' });
    const { data } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ tier: 'platinum', auth_method: 'password' });
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: data.session?.refresh_token ?? '' });
    expect(claimsOf(refreshed.data.session?.access_token ?? '')).toMatchObject({ auth_method: 'token_refresh' });
  });
});
