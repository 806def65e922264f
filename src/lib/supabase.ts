import { createClient } from '@supabase/supabase-js';
import type { Database } from '../types/database-overrides';
import { requireEnv } from './env';

const { supabaseUrl, supabaseAnonKey } = requireEnv();

/**
 * Where supabase-js keeps the session in localStorage: its own default name, spelled out so the
 * session can tell who is signed in when supabase-js could not refresh an expired token offline.
 */
export const AUTH_STORAGE_KEY = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The app's only data client: every query, mutation and auth call goes through it. */
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: AUTH_STORAGE_KEY },
});
