import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, app, serviceClient, TENANT, unique } from './clients.ts';

/** Sign-up through /{slug}/sign-up: GoTrue with the tenant in the metadata, the confirmation mail, the profile trigger. */
interface Mail {
  subject: string;
  links: string[];
}

async function mailsTo(to: string): Promise<Mail[]> {
  const res = await fetch(`${app.url}/mail/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

async function waitForMail(to: string, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await mailsTo(to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const service = serviceClient();
const PASSWORD = 'Signup!2026x';
const inactiveSlug = unique('closed').replace(/[^a-z0-9-]/g, '');

async function authUserExists(email: string): Promise<boolean> {
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(error.message);
    if (data.users.some((u) => u.email === email)) return true;
    if (data.users.length < 1000) return false;
  }
}

beforeAll(async () => {
  const { error } = await service.from('tenants').insert({ slug: inactiveSlug, name: { en: 'Closed for business' }, status: 'inactive' });
  if (error) throw new Error(error.message);
});

afterAll(async () => {
  await service.from('tenants').delete().eq('slug', inactiveSlug);
});

describe('sign-up as a customer of a tenant', () => {
  it('sends the confirmation mail and makes the new user a customer of that tenant', async () => {
    const email = `${unique('new-customer')}@example.test`;
    const client = anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { tenant_slug: 'acme', first_name: ' Nora ', last_name: 'New', phone: '+1 415 555 0199' }, emailRedirectTo: `${app.url}/acme/sign-in` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const userId = data.user?.id;
    expect(userId).toBeTruthy();

    const mail = await waitForMail(email);
    const verify = mail.links.find((l) => l.includes('/auth/v1/verify'));
    expect(verify).toBeTruthy();
    const confirmed = await fetch(verify!, { redirect: 'manual' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toMatch(/access_token=/);

    const { error: signInError } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signInError).toBeNull();
    const { data: profile, error: readError } = await client
      .from('profiles')
      .select('id, tenant_id, panel_type, roles, first_name, last_name, full_name, email, phone, user_type, status')
      .eq('id', userId!)
      .single();
    expect(readError).toBeNull();
    expect(profile).toEqual({
      id: userId,
      tenant_id: TENANT.acme,
      panel_type: 'customer',
      roles: ['customer'],
      first_name: 'Nora',
      last_name: 'New',
      full_name: 'Nora New',
      email,
      phone: '+1 415 555 0199',
      user_type: 'individual',
      status: 'active',
    });
    const { data: tenant } = await client.from('tenants').select('id, slug').eq('id', profile!.tenant_id).single();
    expect(tenant).toEqual({ id: TENANT.acme, slug: 'acme' });
  });

  it('names a user without names Unnamed User', async () => {
    const email = `${unique('nameless')}@example.test`;
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { tenant_slug: 'globex' } } });
    expect(error).toBeNull();
    const { data: profile } = await service.from('profiles').select('tenant_id, full_name, panel_type').eq('id', data.user!.id).single();
    expect(profile).toEqual({ tenant_id: TENANT.globex, full_name: 'Unnamed User', panel_type: 'customer' });
  });

  it('refuses an unknown tenant: an error, no account, no mail', async () => {
    const email = `${unique('lost')}@example.test`;
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { tenant_slug: 'no-such-business', first_name: 'Lost' } } });
    expect(error).not.toBeNull();
    expect(error!.status).toBe(500);
    expect(data.user).toBeNull();
    expect(await authUserExists(email)).toBe(false);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an inactive tenant the same way', async () => {
    const email = `${unique('closed')}@example.test`;
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { tenant_slug: inactiveSlug } } });
    expect(error).not.toBeNull();
    expect(data.user).toBeNull();
    expect(await authUserExists(email)).toBe(false);
  });

  it('gives a user signed up without a tenant no profile (admins give those one)', async () => {
    const email = `${unique('untenanted')}@example.test`;
    const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Free' } } });
    expect(error).toBeNull();
    expect(await authUserExists(email)).toBe(true);
    const { data: profiles } = await service.from('profiles').select('id').eq('id', data.user!.id);
    expect(profiles).toEqual([]);
  });

  it('cannot choose a panel or roles through the metadata', async () => {
    const email = `${unique('sneaky')}@example.test`;
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { tenant_slug: 'acme', panel_type: 'admin', roles: ['admin'], user_type: 'business' } },
    });
    expect(error).toBeNull();
    const { data: profile } = await service.from('profiles').select('panel_type, roles, user_type').eq('id', data.user!.id).single();
    expect(profile).toEqual({ panel_type: 'customer', roles: ['customer'], user_type: 'individual' });
  });
});
