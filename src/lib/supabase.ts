import { createClient } from '@supabase/supabase-js';
import { requireEnv } from './env';

const { supabaseUrl, supabaseAnonKey } = requireEnv();

/** The app's only data client: every query, mutation and auth call goes through it. */
export const supabase = createClient(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
