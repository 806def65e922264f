import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { watchAccount } from './account-live';
import { clearSnapshots } from './device-snapshots';
import { PROFILE_SELECT, toAppUser, type AppUser } from './profile';
import { forgetProfile, nextProfileStep, PROFILE_RETRY_DELAYS_MS, rememberedProfile, rememberProfile, storedSessionIdentity } from './profile-memory';
import { AUTH_STORAGE_KEY, supabase } from './supabase';

export type { AppProfile, AppTenant, AppUser } from './profile';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionValue {
  status: SessionStatus;
  user: AppUser | null;
  /** Ends the session on every device (the refresh tokens are revoked), then locally. */
  signOut(): Promise<void>;
  /**
   * The server has not confirmed the profile yet: the app opened without a connection and shows the
   * one remembered on this device (it is read again as soon as the connection returns).
   */
  fromDevice?: boolean;
  /** Signed in, but the profile got no answer and none is remembered: nothing can open until the connection returns. */
  unreachable?: boolean;
  /** Asks for the profile again (the offline screen's Try again). */
  retry?(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

interface AuthIdentity {
  id: string;
  email: string | null;
  /** Read from supabase-js's storage while it could not refresh an expired token: no request carries it yet. */
  fromStorage?: boolean;
}

/** When the user's profile cannot be read, the stored state is dropped and the app starts over. */
function startOver(): void {
  window.localStorage.clear();
  window.location.replace('/');
}

/** Nobody is signed in on this device any more: what was kept for them goes too. */
function forgetDeviceData(): void {
  forgetProfile();
  void clearSnapshots();
}

async function signOutEverywhere(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'global' });
  // Offline or refused by the server: still end the session on this device.
  if (error) await supabase.auth.signOut({ scope: 'local' });
  forgetDeviceData();
}

/**
 * Follows supabase-js's auth state and loads the signed-in user's profile and tenant, so guards and
 * screens see one session: loading, then authenticated or unauthenticated.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // undefined until supabase-js has read the stored session (INITIAL_SESSION).
  const [identity, setIdentity] = useState<AuthIdentity | null | undefined>(undefined);
  const [loaded, setLoaded] = useState<AppUser | null>(null);
  // Whether `loaded` is the profile remembered on the device rather than the server's answer.
  const [fromDevice, setFromDevice] = useState(false);
  // The user whose profile got no answer, with none remembered.
  const [unreachable, setUnreachable] = useState<string | null>(null);
  // Bumped when the server says the profile changed: it is read again (a new role, a deactivation).
  const [profileVersion, setProfileVersion] = useState(0);
  const fromDeviceRef = useRef(false);
  useEffect(() => {
    fromDeviceRef.current = fromDevice;
  }, [fromDevice]);

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      let next: AuthIdentity | null = session?.user ? { id: session.user.id, email: session.user.email ?? null } : null;
      // An expired access token that could not be refreshed offline: supabase-js reports no session but
      // keeps it stored, to refresh once the connection returns (it removes it on a refusal). The
      // driver stays signed in meanwhile.
      if (!next && event === 'INITIAL_SESSION') {
        const stored = storedSessionIdentity(AUTH_STORAGE_KEY);
        next = stored ? { ...stored, fromStorage: true } : null;
      }
      if (!next && (event === 'SIGNED_OUT' || event === 'INITIAL_SESSION')) forgetDeviceData();
      // A refreshed token or an updated password keeps the same user: keep the loaded profile, and
      // confirm a remembered one with the server now that it answers.
      if (event === 'TOKEN_REFRESHED' && fromDeviceRef.current) setProfileVersion((version) => version + 1);
      setIdentity((current) => (current && next && current.id === next.id && current.email === next.email && !current.fromStorage === !next.fromStorage ? current : next));
    });
    return () => data.subscription.unsubscribe();
  }, []);

  useEffect(() => {
    if (!identity) return;
    // Not a screen read but the session's own retry loop (timers, start over): `active` ends the loop with the identity.
    let active = true;
    let timer: number | undefined;
    const load = async (attempt: number) => {
      // No automatic retries by postgrest-js (1 + 2 + 4 s on a lost connection): offline, the app
      // opens on the remembered profile at once, and this loop asks again itself.
      // Until supabase-js has refreshed the stored session, a read would go out without the user's token
      // (and find no profile): it counts as no answer, and supabase-js is asked to refresh again.
      if (identity.fromStorage) void supabase.auth.getSession();
      const answer = identity.fromStorage
        ? { data: null, error: { message: 'The session is waiting for a connection to refresh' }, status: 0 }
        : await supabase.from('profiles').select(PROFILE_SELECT).eq('id', identity.id).retry(false).maybeSingle();
      if (!active) return;
      const step = nextProfileStep(answer, attempt, answer.error ? rememberedProfile(identity.id) : undefined);
      if (step.kind === 'retry') {
        timer = window.setTimeout(() => void load(attempt + 1), step.retryInMs);
        return;
      }
      if (step.kind === 'unreachable') {
        setUnreachable(identity.id);
        timer = window.setTimeout(() => void load(attempt + 1), step.retryInMs);
        return;
      }
      if (step.kind === 'start-over') {
        console.error('Could not load the user profile', answer.error);
        startOver();
        return;
      }
      try {
        setLoaded(toAppUser(identity.id, identity.email, step.row));
      } catch (problem) {
        console.error('The user profile has an unexpected shape', problem);
        if (step.kind === 'remembered') {
          // A remembered row the app no longer understands: as good as none.
          forgetProfile();
          timer = window.setTimeout(() => void load(attempt + 1), PROFILE_RETRY_DELAYS_MS[0]);
          return;
        }
        startOver();
        return;
      }
      setUnreachable(null);
      if (step.kind === 'remembered') {
        setFromDevice(true);
        timer = window.setTimeout(() => void load(attempt + 1), step.retryInMs);
      } else {
        setFromDevice(false);
        rememberProfile(identity.id, step.row);
      }
    };
    // Runs outside the auth callback: supabase-js must not be called back into while it notifies.
    void load(0);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [identity, profileVersion]);

  // Back online: read the profile again (and let supabase-js refresh an expired token now rather than
  // at its next tick), so a remembered profile or the offline screen gives way to the server's answer.
  const retry = useCallback(() => {
    void supabase.auth.getSession();
    setProfileVersion((version) => version + 1);
  }, []);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  const userId = identity?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    return watchAccount(userId, () => setProfileVersion((version) => version + 1));
  }, [userId]);

  const value = useMemo<SessionValue>(() => {
    const base = { signOut: signOutEverywhere, retry };
    if (identity === undefined) return { ...base, status: 'loading', user: null };
    if (identity === null) return { ...base, status: 'unauthenticated', user: null };
    if (!loaded || loaded.id !== identity.id) return { ...base, status: 'loading', user: null, unreachable: unreachable === identity.id };
    return { ...base, status: 'authenticated', user: { ...loaded, email: identity.email }, fromDevice };
  }, [identity, loaded, unreachable, fromDevice, retry]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
