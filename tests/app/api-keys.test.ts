import type { SupabaseClient } from '@supabase/supabase-js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, serviceClient, TENANT, testUsers, USER } from './clients.ts';

/**
 * API keys as the app manages them: the api-keys edge function called with an admin's session.
 * The key is answered once and found nowhere afterwards (not in the table, not in the audit
 * trail, not in any answer); expiry, edit and revoke follow the rules; other people are refused.
 */
const service = serviceClient();
const users = testUsers();
let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let globexAdmin: SupabaseClient;

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, globexAdmin] = await Promise.all(['admin@acme.test', 'dispatcher@acme.test', 'admin@globex.test'].map(users.as));
});
afterAll(() => users.release());

interface Answer {
  status: number;
  body: {
    apiKey?: { id: string; name: string; key_prefix: string; api_key?: string; is_active: boolean; expires_at: string | null; user_id: string | null };
    apiKeys?: { id: string; name: string }[];
    total?: number;
    message?: string;
    error?: { code: string; message: string; details?: { field: string; message: string }[] };
  };
  text: string;
}

async function apiKeys(client: SupabaseClient, method: string, path: string, body?: unknown): Promise<Answer> {
  const { data } = await client.auth.getSession();
  const res = await fetch(`${app.url}/functions/v1/api-keys${path}`, {
    method,
    headers: { apikey: app.anonKey, authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Answer['body'], text };
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

describe('api-keys', () => {
  it('generates a key answered once: stored only as its SHA-256, never in the audit trail, listed without it', async () => {
    const name = `Shop sync ${Date.now()}`;
    const created = await apiKeys(acmeAdmin, 'POST', '', { name, description: 'Orders from the shop', expires_at: inAMonth(), tenant_id: TENANT.acme });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('API key generated successfully');
    const key = created.body.apiKey!.api_key!;
    expect(key).toMatch(/^wpk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.apiKey!.key_prefix).toBe(key.slice(0, 12));
    const id = created.body.apiKey!.id;

    const { data: row } = await service.from('api_keys').select('*').eq('id', id).single();
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));

    const { data: audit } = await service.from('audit_log').select('old_values, new_values, changed_columns').eq('row_id', id);
    expect(audit!.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(key.slice(12));
    expect(JSON.stringify(audit)).not.toContain(row.key_hash);

    const list = await apiKeys(acmeAdmin, 'GET', `?page=1&limit=5&search=${encodeURIComponent(name)}&tenantId=${TENANT.acme}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.apiKeys![0].name).toBe(name);
    expect(list.text).not.toContain(key.slice(12));
    expect(list.text).not.toContain('key_hash');
  });

  it('edits an active key, revokes it, then refuses both on the revoked key', async () => {
    const created = await apiKeys(acmeAdmin, 'POST', '', { name: 'Boris key', description: '', expires_at: null, user_id: USER.acmeBusiness });
    expect(created.status).toBe(201);
    const id = created.body.apiKey!.id;
    expect(created.body.apiKey!.user_id).toBe(USER.acmeBusiness);

    const userList = await apiKeys(acmeAdmin, 'GET', `?userId=${USER.acmeBusiness}&limit=100`);
    expect(userList.body.apiKeys!.map((k) => k.id)).toContain(id);

    const edited = await apiKeys(acmeAdmin, 'PUT', `/${id}`, { name: 'Boris key v2', description: 'renamed', expires_at: inAMonth(), is_active: true, user_id: USER.acmeBusiness });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('API key updated');
    expect(edited.body.apiKey!.name).toBe('Boris key v2');

    const revoked = await apiKeys(acmeAdmin, 'DELETE', `/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('API key revoked successfully');
    const { data: row } = await service.from('api_keys').select('is_active, revoked_at').eq('id', id).single();
    expect(row).toMatchObject({ is_active: false });
    expect(row!.revoked_at).not.toBeNull();

    const editAgain = await apiKeys(acmeAdmin, 'PUT', `/${id}`, { name: 'Back', is_active: true });
    expect(editAgain.status).toBe(409);
    expect(editAgain.body.error!.message).toBe('Only active API keys can be edited or revoked');
    expect((await apiKeys(acmeAdmin, 'DELETE', `/${id}`)).status).toBe(409);
  });

  it('refuses an expiry in the past, a blank name and an individual customer, storing nothing', async () => {
    const { count: before } = await service.from('api_keys').select('id', { count: 'exact', head: true });
    const past = await apiKeys(acmeAdmin, 'POST', '', { name: 'Old', expires_at: new Date(Date.now() - 60_000).toISOString(), tenant_id: TENANT.acme });
    expect(past.status).toBe(422);
    expect(past.body.error!.details).toEqual([{ field: 'expires_at', key: 'api_keys.expiry_in_past', message: 'Expiry cannot be earlier than now' }]);
    const blank = await apiKeys(acmeAdmin, 'POST', '', { name: '   ', tenant_id: TENANT.acme });
    expect(blank.body.error!.details).toEqual([{ field: 'name', key: 'api_keys.name_required', message: 'Name is required' }]);
    const individual = await apiKeys(acmeAdmin, 'POST', '', { name: 'Carla', user_id: USER.acmeCustomer });
    expect(individual.status).toBe(422);
    expect(individual.body.error!.details).toEqual([{ field: 'user_id', key: 'api_keys.business_users_only', message: 'API keys can only be issued to business users' }]);
    const { count: after } = await service.from('api_keys').select('id', { count: 'exact', head: true });
    expect(after).toBe(before);
  });

  it('refuses other panels and other tenants', async () => {
    const created = await apiKeys(acmeAdmin, 'POST', '', { name: 'Acme only', tenant_id: TENANT.acme });
    const id = created.body.apiKey!.id;
    const dispatcher = await apiKeys(acmeDispatcher, 'POST', '', { name: 'Nope', tenant_id: TENANT.acme });
    expect(dispatcher.status).toBe(403);
    expect(dispatcher.body.error!.message).toBe('Only an active administrator of this business can manage API keys');
    expect((await apiKeys(globexAdmin, 'DELETE', `/${id}`)).status).toBe(404);
    expect((await apiKeys(globexAdmin, 'POST', '', { name: 'Cross', tenant_id: TENANT.acme })).status).toBe(403);
    expect((await apiKeys(globexAdmin, 'GET', `?tenantId=${TENANT.acme}`)).body).toEqual({ apiKeys: [], total: 0 });
    const anonymous = await fetch(`${app.url}/functions/v1/api-keys`, { headers: { apikey: app.anonKey } });
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
  });
});
