import type { Session } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../lib/session';
import { LoadingScreen } from './LoadingScreen';
import { HOME_PATH, SIGN_IN_PATH } from './paths';

/** Renders its children with the current session; guests go to sign-in. */
export function RequireSession({ children }: { children: (session: Session) => ReactNode }) {
  const state = useSession();
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'signed-out') return <Redirect to={SIGN_IN_PATH} replace />;
  return children(state.session);
}

/** Guest-only pages: a signed-in visitor goes to their home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const state = useSession();
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'signed-in') return <Redirect to={HOME_PATH} replace />;
  return children;
}
