import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { confirmedUser, PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { anonClient, api, stack } from './clients.ts';
import { waitForMail } from './mailbox.ts';

/**
 * GET /reauthenticate and secure_password_change: with it on, PUT /user {password} from a session
 * created more than 24 hours ago needs the mailed nonce (GoTrue's UserUpdate).
 */
const NEW_PASSWORD = 'Changed1Reauth';
const OTHER_PASSWORD = 'Changed2Reauth';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function pkceClient(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { flowType: 'pkce', storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
}

describe('auth: reauthenticate', () => {
  it('mails the signed-in user a one-time code', async () => {
    const { email, session } = await confirmedUser('reauth-mail');
    const client = pkceClient(stack.url, stack.anonKey);
    await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    const { error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    const [mail] = await waitForMail(email, 2);
    expect(mail.subject).toBe('Confirm reauthentication');
    expect(mail.token).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.token);
  });

  it('needs a signed-in user', async () => {
    const { error } = await pkceClient(stack.url, stack.anonKey).auth.reauthenticate();
    expect(error?.name).toBe('AuthSessionMissingError');
    const res = await api('/auth/v1/reauthenticate', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('with secure_password_change off (the fixture), updateUser({password}) needs no nonce', async () => {
    const { email, session } = await confirmedUser('reauth-off');
    const client = pkceClient(stack.url, stack.anonKey);
    await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
  });
});

/**
 * secure_password_change is off in the shared fixture (other tests change passwords freely), so the
 * nonce path runs on a stack of its own, on a copy of the fixture project that turns it on.
 */
const ownStack = stack.target === 'supabase' ? describe.skip : describe;
const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');

ownStack('auth: secure_password_change = true (own stack)', { timeout: 60_000 }, () => {
  let own: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-reauth-'));
    const projectDir = path.join(dataDir, 'project');
    cpSync(fixtureDir, projectDir, { recursive: true });
    const toml = path.join(projectDir, 'supabase', 'config.toml');
    const text = readFileSync(toml, 'utf8');
    if (!text.includes('secure_password_change = false')) throw new Error('fixture config.toml no longer sets secure_password_change = false');
    writeFileSync(toml, text.replace('secure_password_change = false', 'secure_password_change = true'));
    own = await startStack({
      overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: projectDir, STACK_DATA_DIR: path.join(dataDir, 'data'), STACK_LOG: 'error' },
      inMemory: true,
      appDir: null,
    });
  }, 120_000);

  afterAll(async () => {
    await own?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(prefix: string): Promise<{ email: string; client: SupabaseClient; userId: string }> {
    const email = uniqueEmail(prefix);
    const admin = createClient(own.url, own.config.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as WebSocketLikeConstructor },
    });
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (created.error || !created.data.user) throw created.error ?? new Error('no user');
    const client = pkceClient(own.url, own.config.anonKey);
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { email, client, userId: created.data.user.id };
  }

  async function latestOwnMail(email: string, count: number): Promise<{ subject: string; token: string | null }> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const res = await fetch(`${own.url}/mail/api/messages?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as Array<{ subject: string; token: string | null }>;
      if (mails.length >= count) return mails[0];
      if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const ageSessions = (userId: string) =>
    own.db.query("update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1::uuid", [userId]);

  const signsIn = async (email: string, password: string) =>
    (await pkceClient(own.url, own.config.anonKey).auth.signInWithPassword({ email, password })).error === null;

  it('a session signed in within 24 hours changes the password without a nonce', async () => {
    const { email, client } = await signedIn('reauth-recent');
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
  });

  it('an older session needs the mailed nonce, which works once', async () => {
    const { email, client, userId } = await signedIn('reauth-old');
    await ageSessions(userId);

    const needed = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(needed.error?.code).toBe('reauthentication_needed');
    expect(needed.error?.status).toBe(400);

    const early = await client.auth.updateUser({ password: NEW_PASSWORD, nonce: '123456' });
    expect(early.error?.code).toBe('reauthentication_not_valid');
    expect(early.error?.status).toBe(422);

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestOwnMail(email, 1);
    expect(mail.subject).toBe('Confirm reauthentication');
    const nonce = mail.token ?? '';
    expect(nonce).toMatch(/^\d{6}$/);

    const wrongNonce = nonce === '000000' ? '111111' : '000000';
    expect((await client.auth.updateUser({ password: NEW_PASSWORD, nonce: wrongNonce })).error?.code).toBe('reauthentication_not_valid');
    expect(await signsIn(email, PASSWORD)).toBe(true);

    expect((await client.auth.updateUser({ password: NEW_PASSWORD, nonce })).error).toBeNull();
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(false);

    const reused = await client.auth.updateUser({ password: OTHER_PASSWORD, nonce });
    expect(reused.error?.code).toBe('reauthentication_not_valid');
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
  });

  it('metadata updates never need a nonce', async () => {
    const { client, userId } = await signedIn('reauth-meta');
    await ageSessions(userId);
    const { data, error } = await client.auth.updateUser({ data: { nickname: 'kept' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ nickname: 'kept' });
  });

  it('an unconfirmed user cannot ask for a nonce', async () => {
    const email = uniqueEmail('reauth-unconfirmed');
    const admin = createClient(own.url, own.config.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as WebSocketLikeConstructor },
    });
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: false });
    expect(created.error).toBeNull();
    // Sign the unconfirmed user in through a link, then take the confirmation away again.
    const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    const client = pkceClient(own.url, own.config.anonKey);
    const verified = await client.auth.verifyOtp({ token_hash: link.data.properties?.hashed_token ?? '', type: 'magiclink' });
    expect(verified.error).toBeNull();
    await own.db.query('update auth.users set email_confirmed_at = null where email = $1', [email]);
    const { error } = await client.auth.reauthenticate();
    expect(error?.code).toBe('email_not_confirmed');
  });
});
