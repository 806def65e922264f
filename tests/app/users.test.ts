import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, app, DEMO_PASSWORD, eventually, listen, serviceClient, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * People administration as the app does it: the admin-users edge function (invite, change role,
 * deactivate, reactivate, resend invite) called with the admin's session, the invitation mail and
 * link, least privilege on reading people, and the database's rules when the function is bypassed.
 * Every person changed here is created here (other files share the stack).
 */
const service = serviceClient();
const users = testUsers();
const created: string[] = [];

let acmeAdmin: SupabaseClient;
let acmeDriver: SupabaseClient;
let acmeCustomer: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let globexAdmin: SupabaseClient;

beforeAll(async () => {
  [acmeAdmin, acmeDriver, acmeCustomer, acmeDispatcher, globexAdmin] = await Promise.all(
    ['admin@acme.test', 'driver@acme.test', 'customer@acme.test', 'dispatcher@acme.test', 'admin@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  for (const id of created) await service.auth.admin.deleteUser(id);
});

interface Answer {
  status: number;
  body: { data?: { user: { id: string; status: string; panel_type: string; roles: string[] }; message: string }; error?: { code: string; message: string; details?: { field: string; message: string }[] } };
}

async function adminUsers(client: SupabaseClient, body: unknown): Promise<Answer> {
  const { data } = await client.auth.getSession();
  const res = await fetch(`${app.url}/functions/v1/admin-users`, {
    method: 'POST',
    headers: { apikey: app.anonKey, authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** A confirmed person of a tenant with a panel, made as the service role would (not through the function). */
async function person(tenantSlug: 'acme' | 'globex', panel: 'driver' | 'customer' | 'dispatcher' | 'admin'): Promise<{ id: string; email: string }> {
  const email = `${unique(panel)}@people.example`;
  const { data, error } = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { tenant_slug: tenantSlug, first_name: 'Pat', last_name: 'Person' } });
  if (error) throw error;
  created.push(data.user.id);
  if (panel !== 'customer') {
    const { error: updateError } = await service.from('profiles').update({ panel_type: panel, roles: [panel] }).eq('id', data.user.id);
    if (updateError) throw updateError;
  }
  return { id: data.user.id, email };
}

async function mailsTo(email: string): Promise<{ subject: string; links: string[] }[]> {
  const res = await fetch(`${app.url}/mail/api/messages?to=${encodeURIComponent(email)}`);
  return (await res.json()) as { subject: string; links: string[] }[];
}

describe('invite', () => {
  it('creates an invited person in the admin’s tenant, mails the link, and following it makes them active in their panel', async () => {
    const email = `${unique('invitee')}@people.example`;
    const answer = await adminUsers(acmeAdmin, {
      action: 'invite',
      email,
      first_name: 'Ines',
      last_name: 'Invited',
      phone: '+1 415 555 0177',
      panel_type: 'dispatcher',
      user_type: 'individual',
      redirect_to: `${app.url}/update-password?invite=1`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.message).toBe(`Invitation sent to ${email}`);
    const id = answer.body.data!.user.id;
    created.push(id);

    const { data: row } = await acmeAdmin.from('profiles').select('tenant_id, panel_type, roles, status, full_name, phone, email').eq('id', id).single();
    expect(row).toEqual({ tenant_id: TENANT.acme, panel_type: 'dispatcher', roles: ['dispatcher'], status: 'invited', full_name: 'Ines Invited', phone: '+1 415 555 0177', email });
    // The audit trail names the admin who invited them.
    const { data: audit } = await acmeAdmin.from('audit_log').select('actor_id, action').eq('table_name', 'profiles').eq('row_id', id);
    expect(audit).toEqual([{ actor_id: USER.acmeAdmin, action: 'insert' }]);

    let mail: { subject: string; links: string[] } | undefined;
    await expect.poll(async () => (mail = (await mailsTo(email)).find((m) => m.subject === 'You have been invited'))).toBeTruthy();
    const link = mail!.links.find((href) => href.includes('/auth/v1/verify'))!;
    const res = await fetch(link, { redirect: 'manual' });
    const location = res.headers.get('location') ?? '';
    expect(location).toContain('/update-password?invite=1');
    const accessToken = new URLSearchParams(location.split('#')[1]).get('access_token');
    expect(accessToken).toBeTruthy();

    const invitee = anonClient();
    const { error: setError } = await invitee.auth.setSession({ access_token: accessToken!, refresh_token: new URLSearchParams(location.split('#')[1]).get('refresh_token')! });
    expect(setError).toBeNull();
    const { data: own } = await invitee.from('profiles').select('status, panel_type').eq('id', id).single();
    expect(own).toEqual({ status: 'active', panel_type: 'dispatcher' });
    expect((await invitee.auth.updateUser({ password: 'Welcome!2026' })).error).toBeNull();
    // Now a dispatcher of acme: reads acme's customers.
    const { count } = await invitee.from('profiles').select('id', { count: 'exact', head: true }).eq('panel_type', 'customer');
    expect(count).toBeGreaterThan(5);
  });

  it('refuses an address that already belongs to someone, here or in another business, without a mail', async () => {
    for (const email of ['driver@acme.test', 'customer@globex.test']) {
      const answer = await adminUsers(acmeAdmin, { action: 'invite', email, first_name: 'A', last_name: 'B', panel_type: 'driver', user_type: 'individual' });
      expect(answer.status).toBe(409);
      expect(answer.body.error?.details).toEqual([{ field: 'email', key: 'users.email_taken', message: 'A user with this email address has already been registered' }]);
    }
  });

  it('refuses anyone but an active admin, and malformed input', async () => {
    const body = { action: 'invite', email: `${unique('nope')}@people.example`, first_name: 'N', last_name: 'O', panel_type: 'admin', user_type: 'individual' };
    for (const client of [acmeDriver, acmeDispatcher, acmeCustomer]) {
      const answer = await adminUsers(client, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe('not_admin');
    }
    const bad = await adminUsers(acmeAdmin, { ...body, panel_type: 'owner', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details?.map((d) => d.field)).toEqual(['email', 'panel_type']);
    const { count } = await service.from('profiles').select('id', { count: 'exact', head: true }).eq('email', body.email);
    expect(count).toBe(0);
  });
});

describe('role and status', () => {
  it('changes a role, and the person hears it on their account topic', async () => {
    const driver = await person('acme', 'driver');
    const client = await users.as(driver.email);
    const topic = await listen(client, `account:${driver.id}`);
    const answer = await adminUsers(acmeAdmin, { action: 'change_role', user_id: driver.id, panel_type: 'dispatcher' });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.user).toMatchObject({ panel_type: 'dispatcher', roles: ['dispatcher'] });
    await eventually(() => topic.received.length > 0);
    expect(topic.received[0]).toMatchObject({ event: 'profile_changed', payload: { id: driver.id, panel_type: 'dispatcher', status: 'active' } });
  });

  it('deactivating ends access: the person reads nothing of the tenant and cannot sign in; reactivating restores both', async () => {
    const customer = await person('acme', 'customer');
    const client = await users.as(customer.email);
    expect((await client.from('profiles').select('id')).data!.length).toBeGreaterThan(1);

    const answer = await adminUsers(acmeAdmin, { action: 'deactivate', user_id: customer.id });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.user.status).toBe('inactive');
    const { data: seen } = await client.from('profiles').select('id');
    expect(seen).toEqual([{ id: customer.id }]);
    expect((await client.from('vehicles').select('id')).data).toEqual([]);
    const { error: signInError } = await anonClient().auth.signInWithPassword({ email: customer.email, password: DEMO_PASSWORD });
    expect(signInError).not.toBeNull();

    const again = await adminUsers(acmeAdmin, { action: 'reactivate', user_id: customer.id });
    expect(again.status).toBe(200);
    expect(again.body.data?.user.status).toBe('active');
    const { error: backIn } = await anonClient().auth.signInWithPassword({ email: customer.email, password: DEMO_PASSWORD });
    expect(backIn).toBeNull();
  });

  it("never acts on another tenant's people, nor lets an admin demote or deactivate themselves", async () => {
    const acmePerson = await person('acme', 'driver');
    for (const action of ['deactivate', 'reactivate', 'resend_invite']) {
      const answer = await adminUsers(globexAdmin, { action, user_id: acmePerson.id });
      expect(answer.status).toBe(404);
    }
    expect((await adminUsers(globexAdmin, { action: 'change_role', user_id: acmePerson.id, panel_type: 'customer' })).status).toBe(404);
    const { data } = await service.from('profiles').select('panel_type, status').eq('id', acmePerson.id).single();
    expect(data).toEqual({ panel_type: 'driver', status: 'active' });

    const self = await adminUsers(globexAdmin, { action: 'change_role', user_id: USER.globexAdmin, panel_type: 'driver' });
    expect(self.status).toBe(422);
    expect(self.body.error?.message).toBe('You cannot change your own role');
    const selfOff = await adminUsers(globexAdmin, { action: 'deactivate', user_id: USER.globexAdmin });
    expect(selfOff.status).toBe(422);
    expect(selfOff.body.error?.message).toBe('You cannot deactivate your own account');
  });

  it('the database refuses the same when the function is bypassed', async () => {
    const direct = await globexAdmin.from('profiles').update({ status: 'inactive' }).eq('id', USER.globexAdmin).select('id');
    expect(direct.error?.code).toBe('23514');
    expect(JSON.parse(direct.error!.details)).toEqual([{ key: 'users.self_deactivate', field: 'status', message: 'You cannot deactivate your own account' }]);
    const asService = await service.from('profiles').update({ panel_type: 'driver' }).eq('id', USER.globexAdmin).select('id');
    expect(asService.error?.code).toBe('23514');
    expect(JSON.parse(asService.error!.details)).toEqual([
      {
        key: 'users.last_admin',
        field: 'panel_type',
        message: 'A business needs at least one active administrator: make someone else an administrator first',
      },
    ]);
  });
});

describe('who reads whom', () => {
  it('customers read the staff and themselves, drivers also the customers of the deliveries they carry; dispatchers and admins read everyone of their tenant', async () => {
    const customersSeenBy = async (client: SupabaseClient) => (await client.from('profiles').select('id', { count: 'exact', head: true }).eq('panel_type', 'customer')).count;
    const { data: carried } = await acmeDriver.from('deliveries').select('customer_id').in('status', ['assigned', 'accepted', 'picked_up', 'in_transit']);
    expect(await customersSeenBy(acmeDriver)).toBe(new Set(carried!.map((d) => d.customer_id)).size);
    expect(await customersSeenBy(acmeCustomer)).toBe(1);
    expect(await customersSeenBy(acmeDispatcher)).toBeGreaterThan(5);
    expect(await customersSeenBy(acmeAdmin)).toBeGreaterThan(5);
    const { data: staff } = await acmeDriver.from('profiles').select('tenant_id, panel_type');
    expect(new Set(staff!.map((p) => p.tenant_id))).toEqual(new Set([TENANT.acme]));
    expect(staff!.some((p) => p.panel_type === 'admin')).toBe(true);
  });
});

describe('own avatar', () => {
  it('every member uploads their own picture through upload-file; other kinds stay for admins', async () => {
    const { data } = await acmeCustomer.auth.getSession();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const upload = (kind: string) => {
      const body = new FormData();
      body.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
      body.append('bucket', 'tenants');
      body.append('path', `${TENANT.acme}/me.png`);
      body.append('kind', kind);
      return fetch(`${app.url}/functions/v1/upload-file`, { method: 'POST', headers: { apikey: app.anonKey, authorization: `Bearer ${data.session!.access_token}` }, body });
    };
    const avatar = await upload('avatar');
    expect(avatar.status).toBe(200);
    const stored = (await avatar.json()) as { data: { fileInfo: { path: string; publicUrl: string } } };
    expect(stored.data.fileInfo.path).toMatch(new RegExp(`^${TENANT.acme}/avatar-${USER.acmeCustomer}-`));
    await service.storage.from('tenants').remove([stored.data.fileInfo.path]);
    const image = await upload('image');
    expect(image.status).toBe(403);
    await image.body?.cancel();
  });
});
