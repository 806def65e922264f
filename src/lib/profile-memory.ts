/**
 * What the session keeps on the device so the app can open without a connection (a driver's phone in
 * a basement, a tab the OS killed): the last profile row read for the signed-in user, and who
 * supabase-js still holds a session for when it could not refresh an expired token offline.
 * Kept in localStorage beside supabase-js's own session, so whatever clears one clears the other.
 */

const PROFILE_KEY = 'waypost:profile-memory';

interface StoredProfile {
  userId: string;
  row: unknown;
  savedAt: number;
}

function storageOf(storage?: Storage | null): Storage | null {
  if (storage !== undefined) return storage;
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers the profile row just read for this user (replacing any other user's). */
export function rememberProfile(userId: string, row: unknown, storage?: Storage | null): void {
  const target = storageOf(storage);
  if (!target) return;
  try {
    target.setItem(PROFILE_KEY, JSON.stringify({ userId, row, savedAt: Date.now() } satisfies StoredProfile));
  } catch {
    // A full or blocked storage only costs the offline start.
  }
}

/** The profile row remembered for this user; undefined when none is (or it belongs to someone else). */
export function rememberedProfile(userId: string, storage?: Storage | null): unknown {
  const target = storageOf(storage);
  if (!target) return undefined;
  try {
    const stored = JSON.parse(target.getItem(PROFILE_KEY) ?? 'null') as Partial<StoredProfile> | null;
    if (!stored || typeof stored !== 'object' || stored.userId !== userId || !('row' in stored)) return undefined;
    return stored.row;
  } catch {
    return undefined;
  }
}

/** Forgets the remembered profile (sign-out, nobody signed in on this device). */
export function forgetProfile(storage?: Storage | null): void {
  try {
    storageOf(storage)?.removeItem(PROFILE_KEY);
  } catch {
    // Nothing to forget.
  }
}

export interface StoredIdentity {
  id: string;
  email: string | null;
}

/**
 * The user of the session supabase-js keeps in storage under `key`. supabase-js answers INITIAL_SESSION
 * with no session when the access token has expired and the refresh got no answer (offline), yet keeps
 * the stored session to refresh it once the connection returns (it removes it only on a refusal): this
 * reads who that is, so the app does not treat the driver as signed out meanwhile.
 */
export function storedSessionIdentity(key: string, storage?: Storage | null): StoredIdentity | null {
  const target = storageOf(storage);
  if (!target) return null;
  try {
    const stored = JSON.parse(target.getItem(key) ?? 'null') as { refresh_token?: unknown; user?: { id?: unknown; email?: unknown } } | null;
    if (!stored || typeof stored.refresh_token !== 'string' || !stored.refresh_token) return null;
    let user = stored.user;
    // With a separate user storage, supabase-js keeps the user under `${key}-user`.
    if (!user || typeof user.id !== 'string') user = (JSON.parse(target.getItem(`${key}-user`) ?? 'null') as { user?: { id?: unknown; email?: unknown } } | null)?.user;
    if (!user || typeof user.id !== 'string' || !user.id) return null;
    return { id: user.id, email: typeof user.email === 'string' ? user.email : null };
  } catch {
    return null;
  }
}

/** Waits before asking again for a profile that got no answer; after the last one the app says it is offline. */
export const PROFILE_RETRY_DELAYS_MS = [1000, 2000, 4000];
/** While the app runs on the remembered profile, it asks the server again at most this far apart. */
const REMEMBERED_RETRY_MAX_MS = 30_000;
/** While it says it is offline, it asks again this often (the browser's 'online' event does not always come). */
const UNREACHABLE_RETRY_MS = 10_000;

export type ProfileStep =
  | { kind: 'use'; row: unknown }
  | { kind: 'remembered'; row: unknown; retryInMs: number }
  | { kind: 'retry'; retryInMs: number }
  | { kind: 'unreachable'; retryInMs: number }
  | { kind: 'start-over' };

/**
 * What to do with one answer to the profile read. An answer with an error is a refusal and starts over
 *; no answer at all (status 0: offline, or the page is being left) is not a verdict: the
 * profile remembered on this device is used at once and read again later; without one the read is
 * retried a few times, then the app says it is offline (starting over would drop the stored session).
 */
export function nextProfileStep(answer: { error: unknown; status: number; data: unknown }, attempt: number, remembered: unknown): ProfileStep {
  if (!answer.error) return { kind: 'use', row: answer.data };
  if (answer.status !== 0) return { kind: 'start-over' };
  const delay = PROFILE_RETRY_DELAYS_MS[attempt];
  if (remembered !== undefined) return { kind: 'remembered', row: remembered, retryInMs: Math.min(delay ?? REMEMBERED_RETRY_MAX_MS, REMEMBERED_RETRY_MAX_MS) };
  return delay === undefined ? { kind: 'unreachable', retryInMs: UNREACHABLE_RETRY_MS } : { kind: 'retry', retryInMs: delay };
}
