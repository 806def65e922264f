import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import { UPDATE_PASSWORD_PATH, VERIFY_PATH } from '../../lib/paths';
import { DEACTIVATED, UNEXPECTED, UNREACHABLE } from './server-messages';
import type { ResetPasswordInput, SignInInput, SignUpInput } from './schema';

export type AuthResult = { error: string | null };

function messageOf(error: Error): string {
  if (isAuthRetryableFetchError(error)) return UNREACHABLE;
  if ((error as { code?: unknown }).code === 'user_banned') return DEACTIVATED;
  // auth-js wraps answers it cannot read (a proxy's HTML page, a JSON parse error) in AuthUnknownError; its text means nothing to a user.
  if (error.name === 'AuthUnknownError') return UNEXPECTED;
  return error.message;
}

const result = (error: Error | null): AuthResult => ({ error: error ? messageOf(error) : null });

/** Errors are the server's own messages (for example 'Invalid login credentials'). */
export async function signInWithPassword({ email, password }: SignInInput): Promise<AuthResult> {
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return result(error);
}

/**
 * Creates a customer of the tenant (the database reads tenant_slug from the metadata and refuses an
 * unknown or inactive tenant). The confirmation mail links back to /verify, which signs the user in.
 */
export async function signUp(tenantSlug: string, input: SignUpInput): Promise<AuthResult> {
  const { error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: { tenant_slug: tenantSlug, first_name: input.firstName, last_name: input.lastName, phone: input.phone },
      emailRedirectTo: `${window.location.origin}${VERIFY_PATH}`,
    },
  });
  return result(error);
}

/** Mails a recovery link that opens /update-password signed in. */
export async function requestPasswordReset({ email }: ResetPasswordInput): Promise<AuthResult> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}${UPDATE_PASSWORD_PATH}` });
  return result(error);
}

export async function updatePassword(password: string): Promise<AuthResult> {
  const { error } = await supabase.auth.updateUser({ password });
  return result(error);
}
