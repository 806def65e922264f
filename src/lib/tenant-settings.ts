import { z } from 'zod';
import { LANGUAGES, type Language } from './i18n/languages';
import { PICKING_CAPS } from './picking-caps';
import { defineSharedRead } from './shared-read';
import { supabase } from './supabase';
import { useTenantId } from './tenant';

/**
 * The tenant's private settings (tenants.settings, read by members through get_tenant_settings):
 * the default map centre, time zone, currency, units, language and the maps key. Any screen reads
 * them here; the admin's system-settings screen writes them. Read leniently: a value that does not
 * parse falls back to its default, so one bad value never hides the rest.
 */
export const UNIT_DEFAULTS = { weight: 'kg', volume: 'm3', length: 'cm', temperature: 'C' } as const;
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export const VOLUME_UNITS = ['m3', 'ft3'] as const;
export const LENGTH_UNITS = ['cm', 'in'] as const;
export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export { LANGUAGES };

export { PICKING_CAPS };

const cap = (bounds: { min: number; max: number }) =>
  z.number().int().min(bounds.min).max(bounds.max).optional().catch(undefined);

const finite = z.coerce.number().refine(Number.isFinite);

export const tenantSettingsSchema = z.object({
  general: z
    .object({
      default_location_cordinates: z
        .object({ settings: z.object({ latitude: finite.min(-90).max(90), longitude: finite.min(-180).max(180) }) })
        .optional()
        .catch(undefined),
      timezone: z.string().optional().catch(undefined),
      currency: z.string().optional().catch(undefined),
      language: z.enum(LANGUAGES).optional().catch(undefined),
      units: z
        .object({
          weight: z.enum(WEIGHT_UNITS).catch(UNIT_DEFAULTS.weight),
          volume: z.enum(VOLUME_UNITS).catch(UNIT_DEFAULTS.volume),
          length: z.enum(LENGTH_UNITS).catch(UNIT_DEFAULTS.length),
          temperature: z.enum(TEMPERATURE_UNITS).catch(UNIT_DEFAULTS.temperature),
        })
        .partial()
        .optional()
        .catch(undefined),
    })
    .catch({}),
  maps: z
    .object({ maps_key: z.string().nullish().catch(null) })
    .catch({ maps_key: null }),
  picking: z
    .object({ max_orders: cap(PICKING_CAPS.orders), max_lines: cap(PICKING_CAPS.lines) })
    .catch({}),
});

export interface TenantSettings {
  /** null when the tenant has none: maps open on the spec's fallback. */
  mapCentre: { latitude: number; longitude: number } | null;
  timezone: string;
  currency: string;
  language: Language;
  /** The language the tenant chose for its people; null when it never chose (the browser's then applies). */
  defaultLanguage: Language | null;
  units: { weight: (typeof WEIGHT_UNITS)[number]; volume: (typeof VOLUME_UNITS)[number]; length: (typeof LENGTH_UNITS)[number]; temperature: (typeof TEMPERATURE_UNITS)[number] };
  /** The tenant's Mapbox key; null means maps and geocoding stay offline (unless VITE_MAPBOX_TOKEN is set). */
  mapsKey: string | null;
  /** The caps the batch and wave builder opens with. */
  picking: { maxOrders: number; maxLines: number };
}

export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_CURRENCY = 'USD';

/** Stored settings (any shape) -> what the app uses, defaults filled in. */
export function readTenantSettings(raw: unknown): TenantSettings {
  const parsed = tenantSettingsSchema.safeParse(raw ?? {});
  const general = parsed.success ? parsed.data.general : {};
  const maps = parsed.success ? parsed.data.maps : { maps_key: null };
  const picking = parsed.success ? parsed.data.picking : {};
  return {
    mapCentre: general.default_location_cordinates?.settings ?? null,
    timezone: general.timezone || DEFAULT_TIMEZONE,
    currency: general.currency || DEFAULT_CURRENCY,
    language: general.language ?? 'en',
    defaultLanguage: general.language ?? null,
    units: { ...UNIT_DEFAULTS, ...general.units },
    mapsKey: maps.maps_key?.trim() || null,
    picking: { maxOrders: picking.max_orders ?? PICKING_CAPS.orders.initial, maxLines: picking.max_lines ?? PICKING_CAPS.lines.initial },
  };
}

/** The raw settings object (for a screen that writes parts of it back). */
export async function fetchRawTenantSettings(tenantId: string): Promise<unknown> {
  const { data, error } = await supabase.rpc('get_tenant_settings', { p_tenant_id: tenantId });
  if (error) throw error;
  return data ?? {};
}

const shared = defineSharedRead((tenantId: string) => fetchRawTenantSettings(tenantId).then(readTenantSettings));

/** The tenant's settings, read once per page life and shared by every screen. */
export function loadTenantSettings(tenantId: string): Promise<TenantSettings> {
  return shared.load(tenantId);
}

/** After a save: every screen reading the settings reads them again. */
export function invalidateTenantSettings(tenantId: string): void {
  shared.invalidate(tenantId);
}

export type TenantSettingsState = { status: 'loading' } | { status: 'ready'; settings: TenantSettings } | { status: 'failed'; error: Error };

/** The signed-in user's tenant settings. */
export function useTenantSettings(): TenantSettingsState {
  const read = shared.useValue(useTenantId());
  if (read.status === 'ready') return { status: 'ready', settings: read.value };
  return read.status === 'failed' ? { status: 'failed', error: read.error } : { status: 'loading' };
}

/** The tenant's currency for money the screen shows before it knows better: the default while the settings load or fail. */
export function useTenantCurrency(): string {
  const settings = useTenantSettings();
  return settings.status === 'ready' ? settings.settings.currency : DEFAULT_CURRENCY;
}
