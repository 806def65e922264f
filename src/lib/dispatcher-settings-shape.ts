import { z } from 'zod';

/**
 * A dispatcher's own preferences (public.dispatcher_settings, one row per person, only theirs under
 * RLS): the board's default filters (used when its URL names none), a sound on a new unassigned
 * delivery, the late threshold in minutes, and the auto-assign mode. No row means the defaults.
 * Read leniently: a stored value that does not parse falls back to its default.
 */
export const BOARD_KINDS = ['on_demand', 'pickup', 'delivery', 'pickup_delivery'] as const;
/** The board's window filter values (panels/dispatch-board's WINDOW_FILTERS; the database checks the same list). */
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
