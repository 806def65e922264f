import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import type { SignInInput } from './schema';

export type AuthResult = { error: string | null };

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong!';

function messageOf(error: Error): string {
  if (isAuthRetryableFetchError(error)) return UNREACHABLE;
  // auth-js wraps answers it cannot read (a proxy's HTML page, a JSON parse error) in AuthUnknownError; its text means nothing to a user.
  if (error.name === 'AuthUnknownError') return UNEXPECTED;
  return error.message;
}

/** Errors are the server's own messages (for example 'Invalid login credentials'). */
export async function signInWithPassword({ email, password }: SignInInput): Promise<AuthResult> {
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return { error: error ? messageOf(error) : null };
}

/** Ends this device's session only; the user's other devices stay signed in. */
export async function signOut(): Promise<AuthResult> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  return { error: error ? messageOf(error) : null };
}
