import type { Session } from '@supabase/supabase-js';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { supabase } from './supabase';

export type SessionState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session };

const SessionContext = createContext<SessionState | null>(null);

function toState(session: Session | null): SessionState {
  return session ? { status: 'signed-in', session } : { status: 'signed-out' };
}

/** Follows supabase-js's auth state, so guards and screens across features see one session. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  useEffect(() => {
    // INITIAL_SESSION arrives once the stored session is loaded (and refreshed if it had expired).
    const { data } = supabase.auth.onAuthStateChange((_event, session) => setState(toState(session)));
    return () => data.subscription.unsubscribe();
  }, []);

  return <SessionContext value={state}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const state = use(SessionContext);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return state;
}
