import { useSession } from './session';
import { DEFAULT_DISPATCHER_SETTINGS, readDispatcherSettings, type DispatcherSettings } from './dispatcher-settings-shape';
import { defineSharedRead } from './shared-read';
import { supabase } from './supabase';

/**
 * A dispatcher's own preferences (public.dispatcher_settings): read once per page life and shared
 * (useDispatcherSettings), saved and reset. Their shape, defaults and lenient reading are in
 * dispatcher-settings-shape.ts, re-exported here.
 */
export * from './dispatcher-settings-shape';

const COLUMNS = 'default_board_filters, sound_on_new_unassigned, late_threshold_minutes, auto_assign_mode';

/** The caller's settings and whether they saved any (false: the defaults). */
export async function fetchDispatcherSettings(userId: string): Promise<{ settings: DispatcherSettings; saved: boolean }> {
  const { data, error } = await supabase.from('dispatcher_settings').select(COLUMNS).eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return { settings: readDispatcherSettings(data), saved: data !== null };
}

const shared = defineSharedRead(fetchDispatcherSettings);
const invalidate = (userId: string) => shared.invalidate(userId);

/**
 * Saves the caller's settings (insert or update of their one row). A refusal is thrown as the
 * database gave it: 23514 with details on default_board_filters.<key>, late_threshold_minutes and
 * auto_assign_mode. Every screen reading the settings reads them again.
 */
export async function saveDispatcherSettings(userId: string, settings: DispatcherSettings): Promise<DispatcherSettings> {
  const { data, error } = await supabase
    .from('dispatcher_settings')
    .upsert({ user_id: userId, ...settings } as never, { onConflict: 'user_id' })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  invalidate(userId);
  return readDispatcherSettings(data);
}

/** Back to the defaults: the caller's row goes. */
export async function resetDispatcherSettings(userId: string): Promise<void> {
  const { error } = await supabase.from('dispatcher_settings').delete().eq('user_id', userId);
  if (error) throw error;
  invalidate(userId);
}

export interface DispatcherSettingsState {
  status: 'loading' | 'ready' | 'failed';
  /** Always usable: the defaults until the stored row is read (and if reading fails). */
  settings: DispatcherSettings;
  /** The dispatcher saved settings (false: these are the defaults). */
  saved: boolean;
  error: Error | null;
  retry: () => void;
}

/** The signed-in dispatcher's settings, read once per page life, shared by every screen and re-read after a save. */
export function useDispatcherSettings(): DispatcherSettingsState {
  const { user } = useSession();
  const { retry, ...read } = shared.useValue(user?.id ?? null);
  if (read.status === 'ready') return { status: 'ready', ...read.value, error: null, retry };
  const error = read.status === 'failed' ? read.error : null;
  return { status: read.status, settings: DEFAULT_DISPATCHER_SETTINGS, saved: false, error, retry };
}
