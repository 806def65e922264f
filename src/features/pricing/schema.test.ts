import { describe, expect, it } from 'vitest';
import { emptyPricingForm, formatMoney, PricingFormSchema, QuoteFormSchema } from './schema';

const messages = (schema: typeof PricingFormSchema | typeof QuoteFormSchema, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  // The form shows the first problem of each field.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
};

const valid = {
  origin_zone_id: 'a',
  destination_zone_id: 'b',
  service_id: 'c',
  base_price: 12.5,
  per_unit_price: 0.45,
  min_transit_time: 3,
  max_transit_time: 8,
  active: true,
};

describe('the zone price form', () => {
  it('says what an empty form misses', () => {
    expect(messages(PricingFormSchema, emptyPricingForm())).toEqual({
      origin_zone_id: 'Origin zone is required',
      destination_zone_id: 'Destination zone is required',
      service_id: 'Service is required',
      base_price: 'Base price is required',
      per_unit_price: 'Per unit price is required',
      min_transit_time: 'Min transit time is required',
      max_transit_time: 'Max transit time is required',
    });
  });

  it('keeps min transit time at or below max', () => {
    expect(messages(PricingFormSchema, { ...valid, min_transit_time: 9 })).toEqual({
      max_transit_time: 'Max transit time must not be less than min transit time',
    });
    expect(messages(PricingFormSchema, { ...valid, min_transit_time: 8 })).toEqual({});
  });

  it('refuses negative money and fractions of a cent', () => {
    expect(messages(PricingFormSchema, { ...valid, base_price: -1, per_unit_price: 0.001 })).toEqual({
      base_price: 'Base price must be 0 or more',
      per_unit_price: 'Use at most 2 decimals and 10 digits before the point',
    });
  });

  it('refuses transit times beyond 30 days', () => {
    expect(messages(PricingFormSchema, { ...valid, min_transit_time: 800, max_transit_time: 900 })).toEqual({
      min_transit_time: 'Min transit time must be from 0 to 720 hours',
      max_transit_time: 'Max transit time must be from 0 to 720 hours',
    });
  });
});

describe('the quote panel', () => {
  it('needs both points in range, a service and a weight', () => {
    expect(
      messages(QuoteFormSchema, { pickup_lat: 95, pickup_lng: -122.4, dropoff_lat: null, dropoff_lng: 200, service_id: null, weight_kg: -1 }),
    ).toEqual({
      pickup_lat: 'Latitude must be from -90 to 90',
      dropoff_lat: 'Latitude must be from -90 to 90',
      dropoff_lng: 'Longitude must be from -180 to 180',
      service_id: 'Service is required',
      weight_kg: 'Weight must be from 0 to 100000 kg',
    });
  });
});

describe('money', () => {
  it('shows the tenant currency', () => {
    expect(formatMoney(12.5, 'USD')).toBe('$12.50');
    expect(formatMoney(8, 'GBP')).toBe('£8.00');
    expect(formatMoney(3, 'NOPE')).toBe('3.00 NOPE');
  });
});

describe('min above max', () => {
  it('is said while the rest of the form is still empty', () => {
    expect(messages(PricingFormSchema, { ...emptyPricingForm(), min_transit_time: 5, max_transit_time: 2 }).max_transit_time).toBe(
      'Max transit time must not be less than min transit time',
    );
  });
});
