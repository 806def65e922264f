import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { claimsOf, confirmedUser, PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { anonClient, api, stack } from './clients.ts';
import { latestMail, verifyLink, waitForMail } from './mailbox.ts';

/**
 * The PKCE flow (flowType: 'pkce'): the mailed link redirects with ?code=, which the same client
 * exchanges, once and with its stored code verifier, for a session (GoTrue's flow_state).
 */
const REDIRECT = 'http://127.0.0.1:5173/auth/callback';
const NEW_PASSWORD = 'Changed1Pkce';

interface MemoryStorage {
  map: Map<string, string>;
  /** Every value ever set, by key: auth-js drops the verifier whenever it saves a session. */
  history: Array<[string, string]>;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStorage(): MemoryStorage {
  const map = new Map<string, string>();
  const history: Array<[string, string]> = [];
  return {
    map,
    history,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      history.push([key, value]);
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
  };
}

function pkceClient(url = stack.url, anonKey = stack.anonKey): { client: SupabaseClient; storage: MemoryStorage } {
  const storage = memoryStorage();
  const client = createClient(url, anonKey, {
    auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  return { client, storage };
}

/** The verifier auth-js keeps (JSON-encoded) for the pending exchange: `<verifier>` or `<verifier>/recovery`. */
function storedVerifier(storage: MemoryStorage): string {
  const entry = [...storage.map].find(([key]) => key.endsWith('-code-verifier'));
  if (!entry) throw new Error('no code verifier in storage');
  return (JSON.parse(entry[1]) as string).split('/')[0];
}

/** Follows a mailed link as a browser would, without following the redirect. */
async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

async function codeFrom(link: string): Promise<string> {
  const location = await follow(link);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.hash).toBe('');
  const code = location.searchParams.get('code');
  expect(code).toMatch(/^[0-9a-f-]{36}$/);
  return code ?? '';
}

/** POST /token?grant_type=pkce as auth-js sends it, for what auth-js would refuse to send. */
async function exchangeRaw(authCode: string, codeVerifier: string) {
  const res = await api('/auth/v1/token?grant_type=pkce', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ auth_code: authCode, code_verifier: codeVerifier }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const randomVerifier = () => Array.from({ length: 56 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

describe('auth: PKCE sign-up', () => {
  it('sign-up -> mailed link -> ?code= -> exchangeCodeForSession signs in, and the code works once', async () => {
    const email = uniqueEmail('pkce-signup');
    const { client, storage } = pkceClient();
    const signUp = await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: REDIRECT } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const verifier = storedVerifier(storage);

    const link = verifyLink(await latestMail(email));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const code = await codeFrom(link);

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ email, auth_method: 'email/signup' });
    expect((await client.auth.getSession()).data.session?.access_token).toBe(data.session?.access_token);
    expect([...storage.map.keys()].some((k) => k.endsWith('-code-verifier'))).toBe(false);

    expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    const again = await exchangeRaw(code, verifier);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'flow_state_not_found' });

    // The link itself is used up too; a PKCE link reports its error in the query as well as the fragment.
    const reused = await follow(link);
    expect(reused.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(reused.hash.slice(1)).get('error_code')).toBe('otp_expired');
    expect(reused.searchParams.get('code')).toBeNull();
  });

  it('a wrong code verifier is bad_code_verifier and leaves the code to its owner', async () => {
    const email = uniqueEmail('pkce-verifier');
    const { client, storage } = pkceClient();
    await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const verifierKey = [...storage.map.keys()].find((k) => k.endsWith('-code-verifier')) ?? '';
    const code = await codeFrom(verifyLink(await latestMail(email)));

    const wrong = await exchangeRaw(code, randomVerifier());
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'bad_code_verifier' });

    // Another browser (its own verifier) cannot use the code either.
    const other = pkceClient();
    other.storage.setItem(verifierKey, JSON.stringify(randomVerifier()));
    const stolen = await other.client.auth.exchangeCodeForSession(code);
    expect(stolen.error?.code).toBe('bad_code_verifier');

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('an unknown code is flow_state_not_found; a missing verifier is validation_failed', async () => {
    const unknown = await exchangeRaw('3f1d1a40-4c51-4d3e-9a50-000000000000', randomVerifier());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'flow_state_not_found' });
    const missing = await exchangeRaw('3f1d1a40-4c51-4d3e-9a50-000000000000', '');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation_failed' });
  });

  it('a plain code challenge is exchanged with the verifier itself', async () => {
    const email = uniqueEmail('pkce-plain');
    const verifier = randomVerifier();
    const res = await api(`/auth/v1/signup?redirect_to=${encodeURIComponent(REDIRECT)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, code_challenge: verifier, code_challenge_method: 'plain' }),
    });
    expect(res.status).toBe(200);
    const code = await codeFrom(verifyLink(await latestMail(email)));
    const exchanged = await exchangeRaw(code, verifier);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'bearer', user: { email } });
  });

  it('PKCE parameters are checked as GoTrue checks them', async () => {
    const send = (extra: Record<string, unknown>) =>
      api('/auth/v1/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email: uniqueEmail('pkce-bad'), password: PASSWORD, ...extra }),
      });
    for (const extra of [{ code_challenge: randomVerifier() }, { code_challenge: 'short', code_challenge_method: 's256' }, { code_challenge: `${randomVerifier()}!`, code_challenge_method: 's256' }]) {
      const res = await send(extra);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('auth: PKCE recovery and magic link', () => {
  it('recovery: link -> code -> exchangeCodeForSession (PASSWORD_RECOVERY) -> updateUser -> the new password signs in', async () => {
    const { email } = await confirmedUser('pkce-recovery');
    const { client } = pkceClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const sent = await client.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
    expect(sent.error).toBeNull();
    const mails = await waitForMail(email, 2);
    const link = verifyLink(mails[0]);
    expect(link).toContain('type=recovery');
    const code = await codeFrom(link);

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ auth_method: 'recovery' });

    const updated = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(updated.error).toBeNull();
    const fresh = anonClient();
    expect((await fresh.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await fresh.auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
  });

  it('magic link: signInWithOtp -> link -> code -> session', async () => {
    const { email, user } = await confirmedUser('pkce-magic');
    const { client } = pkceClient();
    const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT, shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const link = verifyLink((await waitForMail(email, 2))[0]);
    expect(link).toContain('type=magiclink');
    const { data, error } = await client.auth.exchangeCodeForSession(await codeFrom(link));
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ auth_method: 'magiclink' });
  });

  it('signInWithOtp for a new address confirms it through the PKCE flow', async () => {
    const email = uniqueEmail('pkce-otp-new');
    const { client } = pkceClient();
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    const link = verifyLink(await latestMail(email));
    expect(link).toContain('type=signup');
    const { data, error } = await client.auth.exchangeCodeForSession(await codeFrom(link));
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('email change: both links, the second redirects with ?code= for the new address', async () => {
    const { email, session } = await confirmedUser('pkce-change');
    const { client, storage } = pkceClient();
    await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    const newEmail = uniqueEmail('pkce-changed');
    expect((await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: REDIRECT })).error).toBeNull();
    const toNew = verifyLink(await latestMail(newEmail));
    const toCurrent = verifyLink((await waitForMail(email, 2))[0]);
    expect(new URL(toNew).searchParams.get('token')).toMatch(/^pkce_/);

    const first = await follow(toCurrent);
    expect(first.searchParams.get('message')).toContain('Confirmation link accepted');
    expect(new URLSearchParams(first.hash.slice(1)).get('message')).toContain('Confirmation link accepted');
    // auth-js (2.109) drops the verifier when updateUser saves the session, so exchange it as a server would.
    const sent = storage.history.filter(([key]) => key.endsWith('-code-verifier')).at(-1);
    const verifier = JSON.parse(sent?.[1] ?? '""') as string;
    const exchanged = await exchangeRaw(await codeFrom(toNew), verifier);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ user: { email: newEmail } });
    expect(claimsOf(String(exchanged.body.access_token))).toMatchObject({ email: newEmail, auth_method: 'email_change' });
  });

  it('the mailed code still verifies with verifyOtp in the PKCE flow', async () => {
    const email = uniqueEmail('pkce-code');
    const { client } = pkceClient();
    await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const mail = await latestMail(email);
    const { data, error } = await client.auth.verifyOtp({ email, token: mail.token ?? '', type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });
});

/** Expiry needs the clock moved: a stack of this test's own, whose database the test can reach. */
const ownStack = stack.target === 'supabase' ? describe.skip : describe;
const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');

ownStack('auth: PKCE flow state expiry (own stack)', { timeout: 60_000 }, () => {
  let own: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-pkce-'));
    const projectDir = path.join(dataDir, 'project');
    cpSync(fixtureDir, projectDir, { recursive: true });
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

  async function ownMailLink(email: string): Promise<string> {
    const res = await fetch(`${own.url}/mail/api/messages?to=${encodeURIComponent(email)}`);
    const [mail] = (await res.json()) as Array<{ links: string[] }>;
    const link = mail?.links.find((l) => l.includes('/auth/v1/verify'));
    if (!link) throw new Error(`no verify link mailed to ${email}`);
    return link;
  }

  it('a code whose flow state is older than five minutes is flow_state_expired', async () => {
    const email = uniqueEmail('pkce-expired');
    const { client } = pkceClient(own.url, own.config.anonKey);
    expect((await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    const code = await codeFrom(await ownMailLink(email));
    await own.db.query("update auth.flow_state set created_at = now() - interval '6 minutes' where auth_code = $1", [code]);
    const { error } = await client.auth.exchangeCodeForSession(code);
    expect(error?.code).toBe('flow_state_expired');
    expect(error?.status).toBe(422);
  });

  it('a magic link code expires five minutes after the link was followed, not after the mail was sent', async () => {
    const email = uniqueEmail('pkce-magic-exp');
    const admin = createClient(own.url, own.config.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as WebSocketLikeConstructor },
    });
    expect((await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    const { client } = pkceClient(own.url, own.config.anonKey);
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT, shouldCreateUser: false } })).error).toBeNull();
    const link = await ownMailLink(email);
    await own.db.query(
      "update auth.flow_state set created_at = now() - interval '10 minutes' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const { data, error } = await client.auth.exchangeCodeForSession(await codeFrom(link));
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });
});
