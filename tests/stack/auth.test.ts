import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, stack } from './clients.ts';
import { claimsOf, confirmedUser, PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { latestMail, verifyLink, waitForMail } from './mailbox.ts';

describe('auth: sign up with email confirmation', () => {
  it('returns the user without a session and mails a link and a code', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { name: 'Ada' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id });
    const mail = await latestMail(email);
    expect(mail.token).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.token);
    expect(verifyLink(mail)).toContain('type=signup');
  });

  it('the mailed link confirms and redirects with the session in the fragment', async () => {
    const email = uniqueEmail('link');
    const redirectTo = 'http://127.0.0.1:5173/welcome';
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirectTo } });
    const link = verifyLink(await latestMail(email));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(redirectTo);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    const { data } = await anonClient().auth.getUser(fragment.get('access_token') ?? '');
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await fetch(link, { redirect: 'manual' });
    const failed = new URLSearchParams(new URL(again.headers.get('location') ?? '').hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
    expect(failed.get('error')).toBe('access_denied');
  });

  it('a link with a redirect outside the allow list lands on the site URL', async () => {
    const email = uniqueEmail('evil');
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example.org/steal' } });
    const res = await fetch(verifyLink(await latestMail(email)), { redirect: 'manual' });
    expect(res.headers.get('location')).not.toContain('evil.example.org');
  });

  it('verifyOtp with the mailed code signs in; an unconfirmed user cannot sign in', async () => {
    const email = uniqueEmail('otp');
    const client = anonClient();
    await client.auth.signUp({ email, password: PASSWORD });
    const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toBeInstanceOf(AuthApiError);
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await latestMail(email);
    const wrong = await client.auth.verifyOtp({ email, token: mail.token === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.status).toBe(403);

    const { data, error } = await client.auth.verifyOtp({ email, token: mail.token ?? '', type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('verifyOtp by token_hash', async () => {
    const email = uniqueEmail('hash');
    await anonClient().auth.signUp({ email, password: PASSWORD });
    const hash = new URL(verifyLink(await latestMail(email))).searchParams.get('token') ?? '';
    const { data, error } = await anonClient().auth.verifyOtp({ token_hash: hash, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('signing up again with a confirmed address answers a fake user and sends nothing', async () => {
    const { email, user } = await confirmedUser('dup');
    const before = (await waitForMail(email)).length;
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(user.id);
    expect(data.user?.identities).toEqual([]);
    expect((await waitForMail(email)).length).toBe(before);
  });
});

describe('auth: password sign-in and session', () => {
  it('a seeded user (bcrypt via pgcrypto) signs in', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email: 'seeded@conformance.test', password: 'Seeded!2026' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: 'a0a0a0a0-0000-4000-8000-000000000001', user_metadata: { full_name: 'Seeded User' } });
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  });

  it('a wrong password is invalid_credentials', async () => {
    const { email } = await confirmedUser('wrong');
    for (const password of ['Wrong-password1', '']) {
      const { data, error } = await anonClient().auth.signInWithPassword({ email, password });
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      expect(data.session).toBeNull();
    }
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('the access token carries Supabase claims', async () => {
    const { session, user } = await confirmedUser('claims', { tier: 'gold' });
    const { data } = await anonClient().auth.signInWithPassword({ email: user.email ?? '', password: PASSWORD });
    const claims = claimsOf(data.session?.access_token ?? '');
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { tier: 'gold' },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.session_id).not.toBe(claimsOf(session.access_token).session_id);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(data.session?.expires_at).toBe(claims.exp);
  });

  it('getUser and updateUser (metadata, password)', async () => {
    const { client, email, user } = await confirmedUser('update', { a: 1, b: 2 });
    const got = await client.auth.getUser();
    expect(got.data.user?.id).toBe(user.id);

    const meta = await client.auth.updateUser({ data: { b: null, c: 3 } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toEqual({ a: 1, c: 3 });

    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);

    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');

    const changed = await client.auth.updateUser({ password: 'Changed-Pass9' });
    expect(changed.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Changed-Pass9' })).error).toBeNull();
  });
});

describe('auth: recovery', () => {
  it('recover -> mail -> verifyOtp(recovery) -> new password -> sign in', async () => {
    const { email } = await confirmedUser('recover');
    const client = anonClient();
    const sent = await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:5173/reset' });
    expect(sent.error).toBeNull();
    const mail = (await waitForMail(email, 2))[0];
    expect(verifyLink(mail)).toContain('type=recovery');
    const { data, error } = await client.auth.verifyOtp({ email, token: mail.token ?? '', type: 'recovery' });
    expect(error).toBeNull();
    expect(claimsOf(data.session?.access_token ?? '').amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    expect((await client.auth.updateUser({ password: 'Recovered-Pass7' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Recovered-Pass7' })).error).toBeNull();
  });

  it('recover for an unknown address answers the same, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const { error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    await expect(waitForMail(email, 1, 300)).rejects.toThrow();
  });

  it('asking twice within max_frequency is over_email_send_rate_limit', async () => {
    const { email } = await confirmedUser('twice');
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const again = await anonClient().auth.resetPasswordForEmail(email);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
  });
});

describe('auth: magic link / email OTP', () => {
  it('signInWithOtp mails a magic link to a known user and the code signs in', async () => {
    const { email } = await confirmedUser('magic');
    const { error } = await anonClient().auth.signInWithOtp({ email });
    expect(error).toBeNull();
    const mail = (await waitForMail(email, 2))[0];
    expect(verifyLink(mail)).toContain('type=magiclink');
    const verified = await anonClient().auth.verifyOtp({ email, token: mail.token ?? '', type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it('create_user: false refuses unknown addresses', async () => {
    const { error } = await anonClient().auth.signInWithOtp({ email: uniqueEmail('nootp'), options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });

  it('an unknown address gets a confirmation and becomes a confirmed user', async () => {
    const email = uniqueEmail('otpnew');
    expect((await anonClient().auth.signInWithOtp({ email, options: { data: { via: 'otp' } } })).error).toBeNull();
    const mail = await latestMail(email);
    const { data, error } = await anonClient().auth.verifyOtp({ email, token: mail.token ?? '', type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ via: 'otp' });
  });
});
