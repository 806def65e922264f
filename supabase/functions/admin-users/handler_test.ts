import { assert } from '../_shared/testing.ts';
import { createAdminUsersHandler, LAST_ADMIN, NOT_ADMIN, rolesFor, SELF_DEACTIVATE, SELF_ROLE, TENANTLESS, type AdminUsersDeps, type Person } from './handler.ts';
import { databaseFailure } from './platform.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const GLOBEX = 'b0000000-0000-4000-8000-000000000001';
const ADA = 'a1000000-0000-4000-8000-000000000001';
const DEREK = 'a1000000-0000-4000-8000-000000000003';
const IVY = 'a1000000-0000-4000-8000-000000000010';
const GINA = 'b2000000-0000-4000-8000-000000000001';
const NEW_ID = 'c0000000-0000-4000-8000-000000000001';

function person(id: string, tenant: string, panel: Person['panel_type'], status = 'active', extra: Partial<Person> = {}): Person {
  return {
    id,
    tenant_id: tenant,
    email: `${id.slice(0, 4)}@example.test`,
    first_name: 'First',
    last_name: panel,
    full_name: `First ${panel}`,
    phone: null,
    panel_type: panel,
    roles: [panel],
    user_type: 'individual',
    status,
    avatar_url: null,
    created_at: '2026-11-01T00:00:00Z',
    ...extra,
  };
}

interface Calls {
  invites: { email: string; redirectTo: string | null }[];
  inserts: unknown[];
  updates: { id: string; patch: unknown }[];
  bans: { id: string; banned: boolean }[];
  deleted: string[];
}

function setup(people: Person[] = [], opts: { confirmed?: string[]; insertFails?: boolean } = {}, overrides: Partial<AdminUsersDeps> = {}) {
  const db = new Map(people.map((p) => [p.id, { ...p }]));
  const calls: Calls = { invites: [], inserts: [], updates: [], bans: [], deleted: [] };
  const callers: Record<string, string> = { ada: ADA, derek: DEREK, gina: GINA, orphan: 'ffffffff-0000-4000-8000-000000000000', ivy: IVY };
  const deps: AdminUsersDeps = {
    resolveCaller: (token) => {
      const id = callers[token];
      if (!id) return Promise.resolve(null);
      const p = db.get(id);
      return Promise.resolve({ userId: id, profile: p ? { tenantId: p.tenant_id, panelType: p.panel_type, status: p.status } : null });
    },
    findPerson: (id) => Promise.resolve(db.get(id) ?? null),
    emailHasProfile: (email) => Promise.resolve([...db.values()].some((p) => p.email === email)),
    countOtherActiveAdmins: (tenant, except) =>
      Promise.resolve([...db.values()].filter((p) => p.tenant_id === tenant && p.id !== except && p.panel_type === 'admin' && p.status === 'active').length),
    isConfirmed: (id) => Promise.resolve((opts.confirmed ?? [ADA, DEREK, GINA]).includes(id)),
    inviteByEmail: (email, _meta, redirectTo) => {
      calls.invites.push({ email, redirectTo });
      return Promise.resolve({ ok: true, value: { id: NEW_ID } });
    },
    deleteAccount: (id) => {
      calls.deleted.push(id);
      return Promise.resolve();
    },
    setBanned: (id, banned) => {
      calls.bans.push({ id, banned });
      return Promise.resolve();
    },
    insertProfile: (_token, profile) => {
      calls.inserts.push(profile);
      if (opts.insertFails) return Promise.resolve({ ok: false, status: 403, code: 'forbidden', message: 'You do not have permission to change this user' });
      const created = { ...person(profile.id, profile.tenant_id, profile.panel_type, profile.status), ...profile, email: 'new@example.test' };
      db.set(created.id, created);
      return Promise.resolve({ ok: true, value: created });
    },
    updateProfile: (_token, id, patch) => {
      calls.updates.push({ id, patch });
      const updated = { ...db.get(id)!, ...patch };
      db.set(id, updated);
      return Promise.resolve({ ok: true, value: updated });
    },
    log: () => {},
    ...overrides,
  };
  return { handle: createAdminUsersHandler(deps), calls, db };
}

const ACME_PEOPLE = () => [
  person(ADA, ACME, 'admin'),
  person(DEREK, ACME, 'driver'),
  person(IVY, ACME, 'dispatcher', 'invited', { email: 'ivy@example.test' }),
  person(GINA, GLOBEX, 'admin'),
];

function post(body: unknown, token: string | null = 'ada'): Request {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return new Request('http://localhost/admin-users', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function answer(res: Response): Promise<{ status: number; code?: string; key?: string; message: string; params?: Record<string, unknown>; details?: { field: string; key?: string; message: string }[] }> {
  const body = (await res.json()) as { data?: { message: string; key: string; params: Record<string, unknown> }; error?: { code: string; key?: string; message: string; details?: { field: string; key?: string; message: string }[] } };
  if (body.error) return { status: res.status, code: body.error.code, message: body.error.message, ...(body.error.details ? { details: body.error.details } : {}) };
  return { status: res.status, message: body.data!.message, key: body.data!.key, params: body.data!.params };
}

const INVITE = {
  action: 'invite',
  email: 'New.Person@Example.test',
  first_name: ' Nina ',
  last_name: 'Novak',
  phone: '+1 415 555 0199',
  panel_type: 'driver',
  user_type: 'individual',
  redirect_to: 'http://127.0.0.1:54321/update-password?invite=1',
};

Deno.test('invite: the account is invited by email and gets an invited profile in the caller tenant, as the caller', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  const res = await answer(await handle(post(INVITE)));
  assert.deepEqual(res, { status: 200, message: 'Invitation sent to new.person@example.test', key: 'users.invited', params: { email: 'new.person@example.test' } });
  assert.deepEqual(calls.invites, [{ email: 'new.person@example.test', redirectTo: INVITE.redirect_to }]);
  assert.deepEqual(calls.inserts, [
    { id: NEW_ID, tenant_id: ACME, panel_type: 'driver', roles: ['driver'], first_name: 'Nina', last_name: 'Novak', phone: '+1 415 555 0199', user_type: 'individual', status: 'invited' },
  ]);
});

Deno.test('invite: an address that already has a profile, here or elsewhere, is refused without a mail', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  const res = await answer(await handle(post({ ...INVITE, email: 'ivy@example.test' })));
  assert.equal(res.status, 409);
  assert.equal(res.code, 'email_exists');
  assert.deepEqual(res.details, [{ field: 'email', key: 'users.email_taken', message: 'A user with this email address has already been registered' }]);
  assert.equal(calls.invites.length, 0);
});

Deno.test('invite: when the profile cannot be written, the new account is removed again', async () => {
  const { handle, calls } = setup(ACME_PEOPLE(), { insertFails: true });
  const res = await answer(await handle(post(INVITE)));
  assert.equal(res.status, 403);
  assert.deepEqual(calls.deleted, [NEW_ID]);
});

Deno.test('refusal: no session answers 401', async () => {
  const { handle } = setup(ACME_PEOPLE());
  for (const token of [null, 'unknown-token']) {
    const res = await answer(await handle(post(INVITE, token)));
    assert.deepEqual(res, { status: 401, code: 'no_session', message: 'No active session' });
  }
});

Deno.test('refusal: not an admin (a driver) answers 403 and does nothing', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  for (const body of [INVITE, { action: 'deactivate', user_id: ADA }, { action: 'change_role', user_id: DEREK, panel_type: 'admin' }]) {
    const res = await answer(await handle(post(body, 'derek')));
    assert.deepEqual(res, { status: 403, code: 'not_admin', message: NOT_ADMIN });
  }
  assert.equal(calls.invites.length + calls.updates.length + calls.bans.length, 0);
});

Deno.test('refusal: an inactive admin or a user of no tenant answers 403 with the spec message', async () => {
  const people = ACME_PEOPLE();
  people[0].status = 'inactive';
  const { handle } = setup(people);
  assert.deepEqual(await answer(await handle(post(INVITE, 'ada'))), { status: 403, code: 'no_tenant', message: TENANTLESS });
  assert.deepEqual(await answer(await handle(post(INVITE, 'orphan'))), { status: 403, code: 'no_tenant', message: TENANTLESS });
});

Deno.test("refusal: another tenant's user is not found, whatever the action", async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  for (const body of [
    { action: 'change_role', user_id: ADA, panel_type: 'driver' },
    { action: 'deactivate', user_id: ADA },
    { action: 'reactivate', user_id: ADA },
    { action: 'resend_invite', user_id: IVY },
  ]) {
    assert.deepEqual(await answer(await handle(post(body, 'gina'))), { status: 404, code: 'user_not_found', message: 'User not found' });
  }
  assert.deepEqual(await answer(await handle(post({ action: 'deactivate', user_id: NEW_ID }))), { status: 404, code: 'user_not_found', message: 'User not found' });
  assert.equal(calls.updates.length + calls.bans.length + calls.invites.length, 0);
});

Deno.test('refusal: an admin cannot demote or deactivate themselves', async () => {
  const people = [...ACME_PEOPLE(), person('a1000000-0000-4000-8000-000000000020', ACME, 'admin')];
  const { handle, calls } = setup(people);
  assert.deepEqual(await answer(await handle(post({ action: 'change_role', user_id: ADA, panel_type: 'dispatcher' }))), {
    status: 422,
    code: 'self_change',
    message: SELF_ROLE,
    details: [{ field: 'panel_type', key: 'users.self_role', message: SELF_ROLE }],
  });
  assert.deepEqual(await answer(await handle(post({ action: 'deactivate', user_id: ADA }))), {
    status: 422,
    code: 'self_change',
    message: SELF_DEACTIVATE,
    details: [{ field: 'status', key: 'users.self_deactivate', message: SELF_DEACTIVATE }],
  });
  assert.equal(calls.updates.length, 0);
});

Deno.test("refusal: the tenant's last active admin is never demoted or deactivated", async () => {
  const second = 'a1000000-0000-4000-8000-000000000020';
  // An active admin acting on another active admin leaves two, unless the caller was deactivated
  // meanwhile (by another admin, at the same moment): then the target is the last one.
  const raced = setup([person(ADA, ACME, 'admin'), person(second, ACME, 'admin')], {}, { countOtherActiveAdmins: () => Promise.resolve(0) });
  for (const body of [{ action: 'change_role', user_id: second, panel_type: 'dispatcher' }, { action: 'deactivate', user_id: second }]) {
    const res = await answer(await raced.handle(post(body)));
    assert.equal(res.status, 422);
    assert.equal(res.code, 'last_admin');
    assert.equal(res.message, LAST_ADMIN);
  }
  assert.equal(raced.calls.updates.length + raced.calls.bans.length, 0);

  // The database has the last word: its refusal (23514 with details) comes back as the same 422.
  const refusedByDatabase = setup([person(ADA, ACME, 'admin'), person(second, ACME, 'admin')], {}, {
    updateProfile: () => Promise.resolve(databaseFailure({ code: '23514', message: 'Validation failed', details: JSON.stringify([{ field: 'status', message: LAST_ADMIN }]) })),
  });
  const res = await answer(await refusedByDatabase.handle(post({ action: 'deactivate', user_id: second })));
  assert.deepEqual(res, { status: 422, code: 'last_admin', message: LAST_ADMIN, details: [{ field: 'status', key: 'users.last_admin', message: LAST_ADMIN }] });
  assert.equal(refusedByDatabase.calls.bans.length, 0);
});

Deno.test('refusal: malformed input answers 400 with every problem, and changes nothing', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  const notJson = await answer(await handle(post('{not json')));
  assert.equal(notJson.status, 400);
  assert.equal(notJson.code, 'invalid_request');
  const invalid = await answer(await handle(post({ action: 'invite', email: 'not-an-email', first_name: '', last_name: 'x'.repeat(101), phone: '12345', panel_type: 'driver', user_type: 'company', redirect_to: 'javascript:alert(1)' })));
  assert.deepEqual(invalid, {
    status: 400,
    code: 'validation_failed',
    message: 'Validation failed',
    details: [
      { field: 'email', message: 'Valid email is required' },
      { field: 'first_name', message: 'First name is required' },
      { field: 'last_name', key: 'users.name_too_long', message: 'Must be at most 100 characters', params: { max: 100 } },
      { field: 'phone', message: 'Please enter a valid phone number with at least 10 digits' },
      { field: 'user_type', message: 'Choose a user type: business or other' },
      { field: 'redirect_to', message: 'The redirect address must be an http or https URL' },
    ],
  });
  const missing = await answer(await handle(post({ action: 'invite' })));
  assert.deepEqual(missing.details?.map((d) => d.field), ['email', 'first_name', 'last_name', 'panel_type', 'user_type']);
  for (const body of [{ action: 'deactivate' }, { action: 'deactivate', user_id: 'not-a-uuid' }, { action: 'reactivate', user_id: 42 }]) {
    const res = await answer(await handle(post(body)));
    assert.deepEqual(res.details, [{ field: 'user_id', message: 'A valid user id is required' }]);
  }
  for (const body of [null, [], 'text', { action: 'delete_everyone', user_id: DEREK }, { user_id: DEREK }]) {
    const res = await answer(await handle(post(JSON.stringify(body))));
    assert.equal(res.status, 400);
    assert.ok(res.code === 'invalid_action' || res.code === 'validation_failed', JSON.stringify(body));
  }
  assert.equal(calls.invites.length + calls.updates.length + calls.bans.length + calls.inserts.length, 0);
});

Deno.test('refusal: an unknown role answers 400 on panel_type', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  for (const panel_type of ['superuser', 'Admin', '', null, 7]) {
    const res = await answer(await handle(post({ action: 'change_role', user_id: DEREK, panel_type })));
    assert.equal(res.status, 400);
    assert.deepEqual(res.details, [{ field: 'panel_type', message: 'Choose a role: admin, dispatcher, driver or customer' }]);
    const invite = await answer(await handle(post({ ...INVITE, panel_type })));
    assert.deepEqual(invite.details, [{ field: 'panel_type', message: 'Choose a role: admin, dispatcher, driver or customer' }]);
  }
  assert.equal(calls.invites.length + calls.updates.length, 0);
});

Deno.test('change role: the same role changes nothing and says so, keyed with the stored role', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  const res = await answer(await handle(post({ action: 'change_role', user_id: DEREK, panel_type: 'driver' })));
  assert.deepEqual(res, { status: 200, message: 'First driver is already Driver', key: 'users.role_already', params: { name: 'First driver', role: 'driver' } });
  assert.equal(calls.updates.length, 0);
});

Deno.test('change role: the panel role is replaced, other roles stay, as the caller', async () => {
  const people = ACME_PEOPLE();
  people[1].roles = ['driver', 'warehouse_staff'];
  const { handle, calls } = setup(people);
  const res = await answer(await handle(post({ action: 'change_role', user_id: DEREK, panel_type: 'dispatcher' })));
  assert.deepEqual(res, { status: 200, message: 'First driver is now Dispatcher', key: 'users.role_now', params: { name: 'First driver', role: 'dispatcher' } });
  assert.deepEqual(calls.updates, [{ id: DEREK, patch: { panel_type: 'dispatcher', roles: ['dispatcher', 'warehouse_staff'] } }]);
  assert.deepEqual(rolesFor(['customer', 'admin', 'warehouse_staff'], 'driver'), ['driver', 'warehouse_staff']);
});

Deno.test('deactivate bans the account; reactivate lifts the ban and restores active, or invited when never accepted', async () => {
  const { handle, calls, db } = setup(ACME_PEOPLE());
  assert.deepEqual(await answer(await handle(post({ action: 'deactivate', user_id: DEREK }))), { status: 200, message: 'First driver was deactivated', key: 'users.deactivated', params: { name: 'First driver' } });
  assert.equal(db.get(DEREK)!.status, 'inactive');
  assert.deepEqual(await answer(await handle(post({ action: 'deactivate', user_id: DEREK }))), { status: 409, code: 'already_inactive', message: 'This user is already deactivated' });
  assert.deepEqual(await answer(await handle(post({ action: 'reactivate', user_id: DEREK }))), { status: 200, message: 'First driver was reactivated', key: 'users.reactivated', params: { name: 'First driver' } });
  assert.equal(db.get(DEREK)!.status, 'active');
  assert.equal((await answer(await handle(post({ action: 'reactivate', user_id: DEREK })))).code, 'already_active');
  await handle(post({ action: 'deactivate', user_id: IVY }));
  await handle(post({ action: 'reactivate', user_id: IVY }));
  assert.equal(db.get(IVY)!.status, 'invited');
  assert.deepEqual(calls.bans, [
    { id: DEREK, banned: true },
    { id: DEREK, banned: false },
    { id: IVY, banned: true },
    { id: IVY, banned: false },
  ]);
});

Deno.test('resend invite: only to someone who has not accepted yet', async () => {
  const { handle, calls } = setup(ACME_PEOPLE());
  const res = await answer(await handle(post({ action: 'resend_invite', user_id: IVY, redirect_to: INVITE.redirect_to })));
  assert.deepEqual(res, { status: 200, message: 'Invitation sent again to ivy@example.test', key: 'users.invited_again', params: { email: 'ivy@example.test' } });
  assert.deepEqual(calls.invites, [{ email: 'ivy@example.test', redirectTo: INVITE.redirect_to }]);
  assert.deepEqual(await answer(await handle(post({ action: 'resend_invite', user_id: DEREK }))), {
    status: 409,
    code: 'not_invited',
    message: 'This user has already accepted the invitation',
  });
});

Deno.test('other methods: 405; OPTIONS: the CORS preflight', async () => {
  const { handle } = setup();
  const get = await handle(new Request('http://localhost/admin-users', { method: 'GET', headers: { authorization: 'Bearer ada' } }));
  assert.equal(get.status, 405);
  await get.body?.cancel();
  const options = await handle(new Request('http://localhost/admin-users', { method: 'OPTIONS' }));
  assert.equal(options.status, 200);
  assert.equal(await options.text(), 'ok');
});

Deno.test('refusals carry a stable key beside their English message, for the app to show in the user’s language', async () => {
  const people = [...ACME_PEOPLE(), person('a1000000-0000-4000-8000-000000000020', ACME, 'admin')];
  const { handle } = setup(people);
  const keyOf = async (res: Response) => ((await res.json()) as { error: { key?: string; message: string } }).error;
  assert.deepEqual(await keyOf(await handle(post({ action: 'deactivate', user_id: ADA }))), {
    code: 'self_change',
    key: 'users.self_deactivate',
    message: SELF_DEACTIVATE,
    details: [{ field: 'status', key: 'users.self_deactivate', message: SELF_DEACTIVATE }],
  });
  assert.equal((await keyOf(await handle(post(INVITE, 'derek')))).key, 'users.not_admin');
  assert.equal((await keyOf(await handle(post({ action: 'deactivate', user_id: NEW_ID })))).key, 'users.not_found');
  assert.equal((await keyOf(await handle(post(INVITE, null)))).key, 'auth.no_session');
});
