import { z } from 'zod';
import { notBelow, numberFrom, requiredId } from '../../lib/form-schema';
import { numeric, tenantRecord } from '../../lib/row-schema';

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

/** Transit hours: from 0 to 30 days. */
const hours = (required: string, range: string) => numberFrom(0, 720, required, range);

export const PricingFormSchema = z
  .object({
    origin_zone_id: requiredId(PRICING_MESSAGES.originRequired),
    destination_zone_id: requiredId(PRICING_MESSAGES.destinationRequired),
    service_id: requiredId(PRICING_MESSAGES.serviceRequired),
    base_price: money(PRICING_MESSAGES.baseRequired, PRICING_MESSAGES.baseRange),
    per_unit_price: money(PRICING_MESSAGES.unitRequired, PRICING_MESSAGES.unitRange),
    min_transit_time: hours(PRICING_MESSAGES.minRequired, PRICING_MESSAGES.minRange),
    max_transit_time: hours(PRICING_MESSAGES.maxRequired, PRICING_MESSAGES.maxRange),
    active: z.boolean(),
  })
  .refine(...notBelow('min_transit_time', 'max_transit_time', PRICING_MESSAGES.maxBelowMin));

export type PricingFormInput = z.input<typeof PricingFormSchema>;
export type PricingFormOutput = z.output<typeof PricingFormSchema>;

/** A row of public.zone_pricing_rows: the price with its zones' and service's names. */
export const pricingRowSchema = z.object({
  ...tenantRecord,
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
  base_price: numeric,
  per_unit_price: numeric,
  min_transit_time: numeric,
  max_transit_time: numeric,
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

const latitude = numberFrom(-90, 90, QUOTE_MESSAGES.latitude, QUOTE_MESSAGES.latitude);
const longitude = numberFrom(-180, 180, QUOTE_MESSAGES.longitude, QUOTE_MESSAGES.longitude);

export const QuoteFormSchema = z.object({
  pickup_lat: latitude,
  pickup_lng: longitude,
  dropoff_lat: latitude,
  dropoff_lng: longitude,
  service_id: requiredId(QUOTE_MESSAGES.service),
  weight_kg: numberFrom(0, 100000, QUOTE_MESSAGES.weightRequired, QUOTE_MESSAGES.weightRange),
});
export type QuoteFormInput = z.input<typeof QuoteFormSchema>;
export type QuoteFormOutput = z.output<typeof QuoteFormSchema>;

const quoteZone = z.object({ id: z.string(), code: z.string(), name: z.string(), color: z.string() });
export const quoteSchema = z.object({
  price: numeric,
  currency: z.string(),
  base_price: numeric,
  per_unit_price: numeric,
  weight_kg: numeric,
  pricing_id: z.string(),
  service: z.object({ id: z.string(), code: z.string(), name: z.string(), kind: z.string() }),
  pickup_zone: quoteZone,
  dropoff_zone: quoteZone,
  min_transit_hours: numeric,
  max_transit_hours: numeric,
  earliest_at: z.string(),
  latest_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
