import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useSession } from './session';
import { supabase } from './supabase';

/**
 * A dispatcher's own preferences (public.dispatcher_settings, one row per person, only theirs under
 * RLS): the board's default filters (used when its URL names none), a sound on a new unassigned
 * delivery, the late threshold in minutes, and the auto-assign mode. No row means the defaults.
 * Read leniently: a stored value that does not parse falls back to its default.
 */
export const BOARD_KINDS = ['on_demand', 'pickup', 'delivery', 'pickup_delivery'] as const;
/** The board's window filter values (features/dispatch-board's WINDOW_FILTERS; the database checks the same list). */
export const BOARD_WINDOWS = ['overdue', 'next_hour', 'today'] as const;
export const AUTO_ASSIGN_MODES = ['off', 'suggest', 'auto'] as const;
export type AutoAssignMode = (typeof AUTO_ASSIGN_MODES)[number];

export interface BoardFilterDefaults {
  kind?: (typeof BOARD_KINDS)[number];
  service_id?: string;
  zone_id?: string;
  window?: (typeof BOARD_WINDOWS)[number];
}

export interface DispatcherSettings {
  default_board_filters: BoardFilterDefaults;
  sound_on_new_unassigned: boolean;
  late_threshold_minutes: number;
  auto_assign_mode: AutoAssignMode;
}

export const DEFAULT_DISPATCHER_SETTINGS: DispatcherSettings = {
  default_board_filters: {},
  sound_on_new_unassigned: true,
  late_threshold_minutes: 15,
  auto_assign_mode: 'suggest',
};

const uuid = z.uuid();
const storedSchema = z.object({
  default_board_filters: z
    .object({
      kind: z.enum(BOARD_KINDS).optional().catch(undefined),
      service_id: uuid.optional().catch(undefined),
      zone_id: uuid.optional().catch(undefined),
      window: z.enum(BOARD_WINDOWS).optional().catch(undefined),
    })
    .catch({}),
  sound_on_new_unassigned: z.boolean().catch(DEFAULT_DISPATCHER_SETTINGS.sound_on_new_unassigned),
  late_threshold_minutes: z.number().int().min(0).max(240).catch(DEFAULT_DISPATCHER_SETTINGS.late_threshold_minutes),
  auto_assign_mode: z.enum(AUTO_ASSIGN_MODES).catch(DEFAULT_DISPATCHER_SETTINGS.auto_assign_mode),
});

/** A stored row (any shape) -> the settings, defaults filled in; null (no row) is the defaults. */
export function readDispatcherSettings(row: unknown): DispatcherSettings {
  if (row === null || row === undefined) return DEFAULT_DISPATCHER_SETTINGS;
  const parsed = storedSchema.safeParse(row);
  if (!parsed.success) return DEFAULT_DISPATCHER_SETTINGS;
  const filters = Object.fromEntries(Object.entries(parsed.data.default_board_filters).filter(([, value]) => value !== undefined)) as BoardFilterDefaults;
  return { ...parsed.data, default_board_filters: filters };
}

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
