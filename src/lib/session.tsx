import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { watchAccount } from './account-live';
import { PROFILE_SELECT, toAppUser, type AppUser } from './profile';
import { supabase } from './supabase';

export type { AppProfile, AppTenant, AppUser } from './profile';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionValue {
  status: SessionStatus;
  user: AppUser | null;
  /** Ends the session on every device (the refresh tokens are revoked), then locally. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

interface AuthIdentity {
  id: string;
  email: string | null;
}

/** Spec 7: when the user's profile cannot be read, the stored state is dropped and the app starts over. */
function startOver(): void {
  window.localStorage.clear();
  window.location.replace('/');
}

/** Waits before asking again for a profile that got no answer; after the last one the app starts over. */
const PROFILE_RETRY_DELAYS_MS = [1000, 2000, 4000];

async function signOutEverywhere(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'global' });
  // Offline or refused by the server: still end the session on this device.
  if (error) await supabase.auth.signOut({ scope: 'local' });
}

/**
 * Follows supabase-js's auth state and loads the signed-in user's profile and tenant, so guards and
 * screens see one session: loading, then authenticated or unauthenticated.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // undefined until supabase-js has read the stored session (INITIAL_SESSION).
  const [identity, setIdentity] = useState<AuthIdentity | null | undefined>(undefined);
  const [loaded, setLoaded] = useState<AppUser | null>(null);
  // Bumped when the server says the profile changed: it is read again (a new role, a deactivation).
  const [profileVersion, setProfileVersion] = useState(0);

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      const next = session?.user ? { id: session.user.id, email: session.user.email ?? null } : null;
      // A refreshed token or an updated password keeps the same user: keep the loaded profile.
      setIdentity((current) => (current && next && current.id === next.id && current.email === next.email ? current : next));
    });
    return () => data.subscription.unsubscribe();
  }, []);

  useEffect(() => {
    if (!identity) return;
    let active = true;
    let timer: number | undefined;
    const load = async (attempt: number) => {
      const { data, error, status } = await supabase.from('profiles').select(PROFILE_SELECT).eq('id', identity.id).maybeSingle();
      if (!active) return;
      // No answer at all (offline, or the page is being left): ask again rather than drop the session.
      if (error && status === 0 && attempt < PROFILE_RETRY_DELAYS_MS.length) {
        timer = window.setTimeout(() => void load(attempt + 1), PROFILE_RETRY_DELAYS_MS[attempt]);
        return;
      }
      if (error) {
        console.error('Could not load the user profile', error);
        startOver();
        return;
      }
      try {
        setLoaded(toAppUser(identity.id, identity.email, data));
      } catch (problem) {
        console.error('The user profile has an unexpected shape', problem);
        startOver();
      }
    };
    // Runs outside the auth callback: supabase-js must not be called back into while it notifies.
    void load(0);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [identity, profileVersion]);

  const userId = identity?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    return watchAccount(userId, () => setProfileVersion((version) => version + 1));
  }, [userId]);

  const value = useMemo<SessionValue>(() => {
    if (identity === undefined) return { status: 'loading', user: null, signOut: signOutEverywhere };
    if (identity === null) return { status: 'unauthenticated', user: null, signOut: signOutEverywhere };
    if (!loaded || loaded.id !== identity.id) return { status: 'loading', user: null, signOut: signOutEverywhere };
    return { status: 'authenticated', user: { ...loaded, email: identity.email }, signOut: signOutEverywhere };
  }, [identity, loaded]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
