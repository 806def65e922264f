import { useEffect, useState } from 'react';
import { useSession } from './session';
import { DEFAULT_DISPATCHER_SETTINGS, readDispatcherSettings, type DispatcherSettings } from './dispatcher-settings-shape';
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

const cache = new Map<string, Promise<{ settings: DispatcherSettings; saved: boolean }>>();
const listeners = new Set<() => void>();

function load(userId: string) {
  let pending = cache.get(userId);
  if (!pending) {
    pending = fetchDispatcherSettings(userId);
    pending.catch(() => cache.delete(userId));
    cache.set(userId, pending);
  }
  return pending;
}

function invalidate(userId: string) {
  cache.delete(userId);
  for (const listener of listeners) listener();
}

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
  const userId = user?.id ?? null;
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; value: Omit<DispatcherSettingsState, 'retry'> } | null>(null);
  const key = `${userId ?? ''}:${version}`;

  useEffect(() => {
    const listener = () => setVersion((n) => n + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    load(userId).then(
      ({ settings, saved }) => {
        if (!cancelled) setAnswer({ key, value: { status: 'ready', settings, saved, error: null } });
      },
      (error: unknown) => {
        if (!cancelled)
          setAnswer({ key, value: { status: 'failed', settings: DEFAULT_DISPATCHER_SETTINGS, saved: false, error: error instanceof Error ? error : new Error(String(error)) } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, key]);

  const value = answer?.key === key ? answer.value : { status: 'loading' as const, settings: DEFAULT_DISPATCHER_SETTINGS, saved: false, error: null };
  return { ...value, retry: () => setVersion((n) => n + 1) };
}
