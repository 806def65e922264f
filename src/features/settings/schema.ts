import { z } from 'zod';
import { LANGUAGES, LENGTH_UNITS, PICKING_CAPS, TEMPERATURE_UNITS, VOLUME_UNITS, WEIGHT_UNITS, type TenantSettings } from '../../lib/tenant-settings';

/** The currencies the database accepts (private.known_currencies(): keep the two lists equal). */
export const KNOWN_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'INR', 'CHF', 'SEK', 'NOK', 'DKK',
  'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ARS', 'CLP', 'COP', 'ZAR', 'NGN', 'KES', 'EGP', 'AED', 'SAR', 'ILS',
  'TRY', 'KRW', 'THB', 'MYR', 'IDR', 'PHP', 'VND',
] as const;

/** Every IANA zone the browser knows (the database checks its own list too). */
export function timezoneOptions(): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes('UTC') ? zones : ['UTC', ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** Each language named in itself (as a language picker does), so the same in every page language. */
export const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
] satisfies { value: (typeof LANGUAGES)[number]; label: string }[];

export const SETTINGS_MESSAGES = {
  name: 'Business name is required!',
  email: 'Enter a valid email address',
  phone: 'Phone number must have at least 10 digits',
  address: 'The address may be at most 300 characters',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  centre: 'Pick the default map centre on the map, or enter both coordinates',
  timezone: 'Choose a known time zone',
  currency: 'Choose a known currency',
  language: 'Choose English, Spanish or French',
  mapsKey: 'The maps key may contain only letters, digits, dots, dashes and underscores',
  saved: 'Settings saved successfully',
  saveFailed: 'Failed to save settings',
  loadFailed: 'Failed to fetch settings',
} as const;

const optionalCoordinate = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, message).max(max, message).nullable();

export const SystemSettingsFormSchema = z
  .object({
    name: z.string().trim().min(1, SETTINGS_MESSAGES.name).max(200, SETTINGS_MESSAGES.name),
    contact_info: z.object({
      email: z.union([z.literal(''), z.string().trim().pipe(z.email(SETTINGS_MESSAGES.email).max(254, SETTINGS_MESSAGES.email))]),
      phone: z
        .string()
        .trim()
        .refine((v) => v === '' || (/^\+?[0-9 ()-]{7,24}$/.test(v) && v.replace(/\D/g, '').length >= 10), SETTINGS_MESSAGES.phone),
      address: z.string().trim().max(300, SETTINGS_MESSAGES.address),
    }),
    general: z.object({
      latitude: optionalCoordinate(-90, 90, SETTINGS_MESSAGES.latitude),
      longitude: optionalCoordinate(-180, 180, SETTINGS_MESSAGES.longitude),
      timezone: z.string().min(1, SETTINGS_MESSAGES.timezone),
      currency: z.enum(KNOWN_CURRENCIES, { error: SETTINGS_MESSAGES.currency }),
      language: z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.language }),
      units: z.object({
        weight: z.enum(WEIGHT_UNITS),
        volume: z.enum(VOLUME_UNITS),
        length: z.enum(LENGTH_UNITS),
        temperature: z.enum(TEMPERATURE_UNITS),
      }),
    }),
    maps_key: z
      .string()
      .trim()
      .max(512, SETTINGS_MESSAGES.mapsKey)
      .refine((v) => v === '' || /^[A-Za-z0-9._-]+$/.test(v), SETTINGS_MESSAGES.mapsKey),
  })
  .superRefine((values, context) => {
    const { latitude, longitude } = values.general;
    if ((latitude === null) !== (longitude === null)) {
      context.addIssue({ code: 'custom', path: ['general', latitude === null ? 'latitude' : 'longitude'], message: SETTINGS_MESSAGES.centre });
    }
  });

export type SystemSettingsFormInput = z.input<typeof SystemSettingsFormSchema>;
export type SystemSettingsFormOutput = z.output<typeof SystemSettingsFormSchema>;

export interface TenantProfile {
  name: string;
  contact: { phone: string; email: string; address: string };
}

/** What the form opens with: the stored values, defaults where the tenant has none. */
export function toSettingsForm(profile: TenantProfile, settings: TenantSettings): SystemSettingsFormInput {
  return {
    name: profile.name,
    contact_info: profile.contact,
    general: {
      latitude: settings.mapCentre?.latitude ?? null,
      longitude: settings.mapCentre?.longitude ?? null,
      timezone: settings.timezone,
      currency: (KNOWN_CURRENCIES as readonly string[]).includes(settings.currency) ? (settings.currency as (typeof KNOWN_CURRENCIES)[number]) : 'USD',
      language: settings.language,
      units: settings.units,
    },
    maps_key: settings.mapsKey ?? '',
  };
}

/** The save function's arguments: the general part in the stored shape, empty contact values left out. */
export function toSettingsSave(values: SystemSettingsFormOutput) {
  const { latitude, longitude, ...general } = values.general;
  const contact = Object.fromEntries(Object.entries(values.contact_info).filter(([, v]) => v !== ''));
  return {
    name: values.name,
    contact_info: contact,
    general: {
      ...general,
      ...(latitude !== null && longitude !== null ? { default_location_cordinates: { settings: { latitude, longitude } } } : {}),
    },
    maps_key: values.maps_key,
  };
}

/** The batch picking defaults' words (the database answers the same two refusals). */
export const PICKING_MESSAGES = {
  maxOrders: `Max orders must be a whole number from ${PICKING_CAPS.orders.min} to ${PICKING_CAPS.orders.max}`,
  maxLines: `Max lines must be a whole number from ${PICKING_CAPS.lines.min} to ${PICKING_CAPS.lines.max}`,
  saved: 'Picking defaults saved successfully',
  saveFailed: 'Failed to save picking defaults',
} as const;

const cap = (bounds: { min: number; max: number }, message: string) =>
  z
    .union([z.number(), z.null()], { error: message })
    .refine((value) => typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max, { message })
    .transform((value) => value as number);

/** The tenant's default caps for building batches and waves (settings.picking; field names as the database's details). */
export const PickingSettingsFormSchema = z.object({
  picking: z.object({
    max_orders: cap(PICKING_CAPS.orders, PICKING_MESSAGES.maxOrders),
    max_lines: cap(PICKING_CAPS.lines, PICKING_MESSAGES.maxLines),
  }),
});
export type PickingSettingsFormInput = z.input<typeof PickingSettingsFormSchema>;
export type PickingSettingsFormOutput = z.output<typeof PickingSettingsFormSchema>;

export function toPickingForm(settings: TenantSettings): PickingSettingsFormInput {
  return { picking: { max_orders: settings.picking.maxOrders, max_lines: settings.picking.maxLines } };
}
