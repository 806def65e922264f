import { describe, expect, it } from 'vitest';
import { anonClient, api, stack } from './clients.ts';
import { confirmedUser, PASSWORD, uniqueEmail } from './auth-helpers.ts';

const V2024 = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

describe('auth: bad input', () => {
  it('weak passwords are 422 weak_password with reasons', async () => {
    const short = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: 'Ab1' });
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.message).toContain('Password should be at least 8 characters.');
    expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const plain = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: 'alllowercase' });
    expect((plain.error as unknown as { reasons: string[] }).reasons).toEqual(['characters']);
    expect(plain.error?.message).toContain('Password should contain at least one character of each');
  });

  it('malformed JSON is 400 bad_json and the server keeps serving', async () => {
    const res = await api('/auth/v1/signup', { method: 'POST', headers: V2024, body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_json' });
    const wrongType = await api('/auth/v1/token?grant_type=password', { method: 'POST', headers: V2024, body: '{"email": 42}' });
    expect(wrongType.status).toBe(400);
    expect((await api('/auth/v1/health')).status).toBe(200);
  });

  it('missing fields', async () => {
    const noPassword = await api('/auth/v1/signup', { method: 'POST', headers: V2024, body: JSON.stringify({ email: uniqueEmail('nopw') }) });
    expect(noPassword.status).toBe(422);
    expect(await noPassword.json()).toEqual({ code: 'validation_failed', message: 'Signup requires a valid password' });
    const nothing = await api('/auth/v1/signup', { method: 'POST', headers: V2024, body: '{}' });
    expect(nothing.status).toBe(422);
    expect(await nothing.json()).toMatchObject({ code: 'anonymous_provider_disabled' });
    const badEmail = await api('/auth/v1/signup', { method: 'POST', headers: V2024, body: JSON.stringify({ email: 'nope', password: PASSWORD }) });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ code: 'email_address_invalid' });
    const noToken = await api('/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: V2024, body: '{}' });
    expect(noToken.status).toBe(400);
    const grant = await api('/auth/v1/token?grant_type=magic', { method: 'POST', headers: V2024, body: '{}' });
    expect(grant.status).toBe(400);
  });

  it('without the version header errors use the legacy shape', async () => {
    const res = await api('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('an injection attempt in the email is just an unknown address', async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: "x@y.z' or '1'='1", password: "' or ''='" });
    expect(error?.code).toBe('invalid_credentials');
  });

  it('the gateway wants an apikey, except on /verify', async () => {
    const res = await api('/auth/v1/settings', { key: null });
    expect(res.status).toBe(401);
    const verify = await api('/auth/v1/verify?type=signup&token=nope', { key: null, redirect: 'manual' });
    expect(verify.status).toBe(303);
  });

  it('settings and health', async () => {
    const settings = await (await api('/auth/v1/settings')).json();
    expect(settings).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: false });
    const health = await (await api('/auth/v1/health')).json();
    expect(health).toMatchObject({ name: 'GoTrue' });
  });

  it('a duplicate user through the admin API is email_exists', async () => {
    const { email } = await confirmedUser('admindup');
    const res = await api('/auth/v1/admin/users', {
      method: 'POST',
      key: stack.serviceRoleKey,
      headers: V2024,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'email_exists' });
  });
});
