import { describe, expect, it } from 'vitest';
import { anonClient, api, serviceClient, unique } from './clients.ts';
import { ERROR_KEYS, signJwt, userClient } from './rest-helpers.ts';

describe('REST row-level security', () => {
  it('shows anon, two users and the service role different rows of one table, through reads, writes and rpc', async () => {
    const alice = await userClient();
    const bob = await userClient();
    const tag = unique('rls');
    const mine = await alice.client.from('rest_notes').insert({ body: `${tag} alice private` }).select('owner').single();
    expect(mine.error).toBeNull();
    expect(mine.data!.owner).toBe(alice.id);
    expect((await alice.client.from('rest_notes').insert({ body: `${tag} alice public`, is_public: true })).error).toBeNull();
    expect((await bob.client.from('rest_notes').insert({ body: `${tag} bob private` })).error).toBeNull();

    const seen = async (client: ReturnType<typeof anonClient>) => {
      const { data, error } = await client.from('rest_notes').select('body').like('body', `${tag}%`).order('body');
      expect(error).toBeNull();
      return data!.map((r) => r.body);
    };
    expect(await seen(anonClient())).toEqual([`${tag} alice public`]);
    expect(await seen(alice.client)).toEqual([`${tag} alice private`, `${tag} alice public`]);
    expect(await seen(bob.client)).toEqual([`${tag} alice public`, `${tag} bob private`]);
    expect(await seen(serviceClient())).toEqual([`${tag} alice private`, `${tag} alice public`, `${tag} bob private`]);

    // Bob cannot change or delete Alice's notes: RLS filters them out, nothing is touched.
    const hijack = await bob.client.from('rest_notes').update({ body: 'hijacked' }).eq('body', `${tag} alice private`).select();
    expect(hijack.error).toBeNull();
    expect(hijack.data).toEqual([]);
    const wipe = await bob.client.from('rest_notes').delete().like('body', `${tag} alice%`).select();
    expect(wipe.data).toEqual([]);
    expect(await seen(alice.client)).toEqual([`${tag} alice private`, `${tag} alice public`]);

    // Inserting a row for someone else violates the policy: 42501, 403 for a signed-in user.
    const forged = await bob.client.from('rest_notes').insert({ body: `${tag} forged`, owner: alice.id });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501' });
    // anon has no insert policy: 401.
    const anonInsert = await anonClient().from('rest_notes').insert({ body: `${tag} anon`, owner: alice.id });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error).toMatchObject({ code: '42501' });

    // RPC runs as the caller too: auth.uid() and RLS see the JWT.
    const who = await alice.client.rpc('rest_whoami');
    expect(who.data).toEqual({ role: 'authenticated', sub: alice.id, method: 'POST' });
    const anonWho = await anonClient().rpc('rest_whoami');
    expect(anonWho.data).toMatchObject({ role: 'anon', sub: null });
    const aliceCount = await alice.client.rpc('rest_my_note_count');
    const anonCount = await anonClient().rpc('rest_my_note_count');
    expect(Number(aliceCount.data)).toBeGreaterThan(Number(anonCount.data));
  });

  it('answers 42501 for a table the role has no privilege on', async () => {
    const anon = await anonClient().from('rest_secrets').select();
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501' });
    const service = await serviceClient().from('rest_secrets').select('value');
    expect(service.data).toEqual([{ value: 'classified' }]);
  });
});

describe('REST authentication', () => {
  const call = (token: string) => api('/rest/v1/rest_countries?select=id&id=eq.1', { headers: { Authorization: `Bearer ${token}` } });

  it('accepts a valid user JWT', async () => {
    const res = await call(await signJwt({ sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated' }));
    expect(res.status).toBe(200);
  });

  it('answers PGRST303 for an expired JWT', async () => {
    const res = await call(await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, { expiresIn: -60 }));
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
  });

  it('answers PGRST301 for a bad signature, a malformed token and alg none', async () => {
    const forged = await signJwt({ role: 'service_role' }, { secret: 'another-secret-that-is-at-least-32-characters' });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    for (const token of [forged, 'not-a-jwt', `${header}.${payload}.`]) {
      const res = await call(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'PGRST301' });
    }
  });

  it('refuses a JWT whose role is not a database role', async () => {
    const res = await call(await signJwt({ role: 'no_such_role_x' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'role "no_such_role_x" does not exist' });
  });

  it('requires the apikey at the gateway', async () => {
    const res = await api('/rest/v1/rest_countries', { key: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });
});
