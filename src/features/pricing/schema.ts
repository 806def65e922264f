import { z } from 'zod';

/** The database's words (private.zone_pricing_problems). */
export const PRICING_MESSAGES = {
  originRequired: 'Origin zone is required',
  destinationRequired: 'Destination zone is required',
  serviceRequired: 'Service is required',
  baseRequired: 'Base price is required',
  baseRange: 'Base price must be 0 or more',
  unitRequired: 'Per unit price is required',
  unitRange: 'Per unit price must be 0 or more',
  minRequired: 'Min transit time is required',
  minRange: 'Min transit time must be from 0 to 720 hours',
  maxRequired: 'Max transit time is required',
  maxRange: 'Max transit time must be from 0 to 720 hours',
  maxBelowMin: 'Max transit time must not be less than min transit time',
  money: 'Use at most 2 decimals and 10 digits before the point',
} as const;

const MONEY_MAX = 9_999_999_999.99;
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const money = (required: string, range: string) =>
  z
    .number({ error: required })
    .refine((value) => Number.isFinite(value) && value >= 0, { message: range, abort: true })
    .refine((value) => value <= MONEY_MAX && hasCents(value), { message: PRICING_MESSAGES.money });

const hours = (required: string, range: string) =>
  z.number({ error: required }).refine((value) => Number.isFinite(value) && value >= 0 && value <= 720, { message: range });

const id = (required: string) => z.string({ error: required }).min(1, required);

export const PricingFormSchema = z
  .object({
    origin_zone_id: id(PRICING_MESSAGES.originRequired),
    destination_zone_id: id(PRICING_MESSAGES.destinationRequired),
    service_id: id(PRICING_MESSAGES.serviceRequired),
    base_price: money(PRICING_MESSAGES.baseRequired, PRICING_MESSAGES.baseRange),
    per_unit_price: money(PRICING_MESSAGES.unitRequired, PRICING_MESSAGES.unitRange),
    min_transit_time: hours(PRICING_MESSAGES.minRequired, PRICING_MESSAGES.minRange),
    max_transit_time: hours(PRICING_MESSAGES.maxRequired, PRICING_MESSAGES.maxRange),
    active: z.boolean(),
  })
  .refine((values) => values.max_transit_time >= values.min_transit_time, {
    path: ['max_transit_time'],
    message: PRICING_MESSAGES.maxBelowMin,
    // Checked as soon as both are numbers, even while other fields are still wrong.
    when: (payload) => {
      const values = payload.value as Partial<Record<'min_transit_time' | 'max_transit_time', unknown>> | null;
      return Number.isFinite(values?.min_transit_time) && Number.isFinite(values?.max_transit_time);
    },
  });

export type PricingFormInput = z.input<typeof PricingFormSchema>;
export type PricingFormOutput = z.output<typeof PricingFormSchema>;

/** A row of public.zone_pricing_rows: the price with its zones' and service's names. */
export const pricingRowSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  origin_zone_id: z.string(),
  origin_zone_name: z.string(),
  origin_zone_code: z.string(),
  destination_zone_id: z.string(),
  destination_zone_name: z.string(),
  destination_zone_code: z.string(),
  service_id: z.string(),
  service_name: z.string(),
  service_code: z.string(),
  active: z.boolean(),
  base_price: z.coerce.number(),
  per_unit_price: z.coerce.number(),
  min_transit_time: z.coerce.number(),
  max_transit_time: z.coerce.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PricingRow = z.infer<typeof pricingRowSchema>;

export function emptyPricingForm(): PricingFormInput {
  return {
    origin_zone_id: null as unknown as string,
    destination_zone_id: null as unknown as string,
    service_id: null as unknown as string,
    base_price: null as unknown as number,
    per_unit_price: null as unknown as number,
    min_transit_time: null as unknown as number,
    max_transit_time: null as unknown as number,
    active: true,
  };
}

export function toPricingFormValues(row: PricingRow): PricingFormInput {
  return {
    origin_zone_id: row.origin_zone_id,
    destination_zone_id: row.destination_zone_id,
    service_id: row.service_id,
    base_price: row.base_price,
    per_unit_price: row.per_unit_price,
    min_transit_time: row.min_transit_time,
    max_transit_time: row.max_transit_time,
    active: row.active,
  };
}

/** Money in the tenant's currency: '$12.50', '£8.00'. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export const formatHours = (hours: number) => `${hours} h`;

/** The quote panel's input. */
export const QUOTE_MESSAGES = {
  pickup: 'Pickup point is required',
  dropoff: 'Drop-off point is required',
  latitude: 'Latitude must be from -90 to 90',
  longitude: 'Longitude must be from -180 to 180',
  service: 'Service is required',
  weightRequired: 'Weight is required',
  weightRange: 'Weight must be from 0 to 100000 kg',
} as const;

const latitude = z.number({ error: QUOTE_MESSAGES.latitude }).refine((v) => Number.isFinite(v) && v >= -90 && v <= 90, { message: QUOTE_MESSAGES.latitude });
const longitude = z.number({ error: QUOTE_MESSAGES.longitude }).refine((v) => Number.isFinite(v) && v >= -180 && v <= 180, { message: QUOTE_MESSAGES.longitude });

export const QuoteFormSchema = z.object({
  pickup_lat: latitude,
  pickup_lng: longitude,
  dropoff_lat: latitude,
  dropoff_lng: longitude,
  service_id: id(QUOTE_MESSAGES.service),
  weight_kg: z
    .number({ error: QUOTE_MESSAGES.weightRequired })
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100000, { message: QUOTE_MESSAGES.weightRange }),
});
export type QuoteFormInput = z.input<typeof QuoteFormSchema>;
export type QuoteFormOutput = z.output<typeof QuoteFormSchema>;

const quoteZone = z.object({ id: z.string(), code: z.string(), name: z.string(), color: z.string() });
export const quoteSchema = z.object({
  price: z.coerce.number(),
  currency: z.string(),
  base_price: z.coerce.number(),
  per_unit_price: z.coerce.number(),
  weight_kg: z.coerce.number(),
  pricing_id: z.string(),
  service: z.object({ id: z.string(), code: z.string(), name: z.string(), kind: z.string() }),
  pickup_zone: quoteZone,
  dropoff_zone: quoteZone,
  min_transit_hours: z.coerce.number(),
  max_transit_hours: z.coerce.number(),
  earliest_at: z.string(),
  latest_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
