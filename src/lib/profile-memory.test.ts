import { describe, expect, it } from 'vitest';
import { forgetProfile, nextProfileStep, PROFILE_RETRY_DELAYS_MS, rememberedProfile, rememberProfile, storedSessionIdentity } from './profile-memory';

/** An in-memory Storage (the unit project runs in node, without localStorage). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const ROW = { tenant_id: 't1', panel_type: 'driver', roles: ['driver'], full_name: 'Elena Petrova', tenant: { id: 't1', slug: 'acme', name: { en: 'Acme' } } };

describe('the remembered profile', () => {
  it('is given back for the user it was read for, and for nobody else', () => {
    const storage = memoryStorage();
    rememberProfile('u1', ROW, storage);
    expect(rememberedProfile('u1', storage)).toEqual(ROW);
    expect(rememberedProfile('u2', storage)).toBeUndefined();
  });

  it('keeps one user: a new sign-in replaces the previous one', () => {
    const storage = memoryStorage();
    rememberProfile('u1', ROW, storage);
    rememberProfile('u2', { ...ROW, full_name: 'Omar' }, storage);
    expect(rememberedProfile('u1', storage)).toBeUndefined();
    expect(rememberedProfile('u2', storage)).toMatchObject({ full_name: 'Omar' });
  });

  it('remembers a user without a profile row (null), which is not the same as nothing remembered', () => {
    const storage = memoryStorage();
    rememberProfile('u1', null, storage);
    expect(rememberedProfile('u1', storage)).toBeNull();
  });

  it('is gone after forgetProfile, and unreadable data counts as none', () => {
    const storage = memoryStorage();
    rememberProfile('u1', ROW, storage);
    forgetProfile(storage);
    expect(rememberedProfile('u1', storage)).toBeUndefined();
    storage.setItem('waypost:profile-memory', '{not json');
    expect(rememberedProfile('u1', storage)).toBeUndefined();
    expect(rememberedProfile('u1', null)).toBeUndefined();
  });
});

describe('storedSessionIdentity', () => {
  const KEY = 'sb-127-auth-token';

  it('reads the user of the session supabase-js kept (an expired token it could not refresh offline)', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ access_token: 'x', refresh_token: 'r', expires_at: 1, user: { id: 'u1', email: 'elena@example.com' } }));
    expect(storedSessionIdentity(KEY, storage)).toEqual({ id: 'u1', email: 'elena@example.com' });
  });

  it('reads the user from the separate user storage when the session holds none', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ access_token: 'x', refresh_token: 'r', expires_at: 1 }));
    storage.setItem(`${KEY}-user`, JSON.stringify({ user: { id: 'u1' } }));
    expect(storedSessionIdentity(KEY, storage)).toEqual({ id: 'u1', email: null });
  });

  it('is null without a stored session, without a refresh token, or with unreadable data', () => {
    const storage = memoryStorage();
    expect(storedSessionIdentity(KEY, storage)).toBeNull();
    storage.setItem(KEY, JSON.stringify({ access_token: 'x', user: { id: 'u1' } }));
    expect(storedSessionIdentity(KEY, storage)).toBeNull();
    storage.setItem(KEY, 'garbage');
    expect(storedSessionIdentity(KEY, storage)).toBeNull();
  });
});

describe('nextProfileStep', () => {
  const offline = { error: { message: 'TypeError: Failed to fetch' }, status: 0, data: null };

  it('uses an answer', () => {
    expect(nextProfileStep({ error: null, status: 200, data: ROW }, 0, undefined)).toEqual({ kind: 'use', row: ROW });
  });

  it('starts over on a refusal, even with a remembered profile', () => {
    expect(nextProfileStep({ error: { message: 'JWT expired' }, status: 401, data: null }, 0, ROW)).toEqual({ kind: 'start-over' });
    expect(nextProfileStep({ error: { message: 'boom' }, status: 500, data: null }, 3, undefined)).toEqual({ kind: 'start-over' });
  });

  it('with no answer, uses the remembered profile at once and asks again later', () => {
    const first = nextProfileStep(offline, 0, ROW);
    expect(first).toEqual({ kind: 'remembered', row: ROW, retryInMs: PROFILE_RETRY_DELAYS_MS[0] });
    const later = nextProfileStep(offline, 10, ROW);
    expect(later.kind).toBe('remembered');
    expect(later.kind === 'remembered' && later.retryInMs).toBe(30_000);
  });

  it('with no answer and nothing remembered, retries, then says the server is unreachable instead of starting over', () => {
    const steps = PROFILE_RETRY_DELAYS_MS.map((_, attempt) => nextProfileStep(offline, attempt, undefined));
    expect(steps).toEqual(PROFILE_RETRY_DELAYS_MS.map((delay) => ({ kind: 'retry', retryInMs: delay })));
    expect(nextProfileStep(offline, PROFILE_RETRY_DELAYS_MS.length, undefined)).toEqual({ kind: 'unreachable', retryInMs: 10_000 });
    expect(nextProfileStep(offline, 20, undefined)).toEqual({ kind: 'unreachable', retryInMs: 10_000 });
  });
});
