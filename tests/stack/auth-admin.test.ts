import { describe, expect, it } from 'vitest';
import { anonClient, api, serviceClient, stack } from './clients.ts';
import { claimsOf, confirmedUser, PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { latestMail } from './mailbox.ts';

describe('auth: admin API', () => {
  it('create, get, update, list and delete users with the service role', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { n: 1 }, app_metadata: { tenant: 't1' } });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user).toMatchObject({ email, app_metadata: { provider: 'email', providers: ['email'], tenant: 't1' }, user_metadata: { n: 1 } });
    expect(created.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(claimsOf(signIn.data.session?.access_token ?? '').app_metadata).toMatchObject({ tenant: 't1' });

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, { user_metadata: { m: 2 }, app_metadata: { tenant: 't2' }, password: 'Admin-Set-Pass1' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ n: 1, m: 2 });
    expect(updated.data.user?.app_metadata).toMatchObject({ tenant: 't2' });
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Admin-Set-Pass1' })).error).toBeNull();

    const list = await admin.listUsers({ page: 1, perPage: 2 });
    if (list.error) throw list.error;
    expect(list.data.users.length).toBe(2);
    expect(list.data.aud).toBe('authenticated');
    expect(list.data.total).toBeGreaterThanOrEqual(2);
    expect(list.data.nextPage).toBe(2);
    expect(list.data.lastPage).toBeGreaterThanOrEqual(1);

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Admin-Set-Pass1' })).error?.code).toBe('invalid_credentials');
  });

  it('is refused with the anon key and with a user token: 403 not_admin', async () => {
    const anon = await anonClient().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    const { session } = await confirmedUser('notadmin');
    const asUser = await api('/auth/v1/admin/users', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail('x') }),
    });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });

  it('an unknown or malformed id is 404', async () => {
    const admin = serviceClient().auth.admin;
    expect((await admin.getUserById('00000000-0000-4000-8000-000000000000')).error?.status).toBe(404);
    const malformed = await api('/auth/v1/admin/users/not-a-uuid', { key: stack.serviceRoleKey });
    expect(malformed.status).toBe(404);
  });

  it('generateLink returns a working link without sending mail; invite mails an invitation', async () => {
    const admin = serviceClient().auth.admin;
    const { email } = await confirmedUser('genlink');
    const { data, error } = await admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('magiclink');
    const res = await fetch(data.properties?.action_link ?? '', { redirect: 'manual' });
    expect(new URL(res.headers.get('location') ?? '').hash).toContain('access_token=');

    const invited = uniqueEmail('invited');
    const inv = await admin.inviteUserByEmail(invited, { data: { role: 'dispatcher' } });
    expect(inv.error).toBeNull();
    expect(inv.data.user?.invited_at).toEqual(expect.any(String));
    const mail = await latestMail(invited);
    const verified = await anonClient().auth.verifyOtp({ email: invited, token: mail.token ?? '', type: 'invite' });
    expect(verified.error).toBeNull();
    expect(claimsOf(verified.data.session?.access_token ?? '').amr).toEqual([{ method: 'invite', timestamp: expect.any(Number) }]);
  });
});
