import { describe, expect, it } from 'vitest';
import { toFormFieldErrors } from './errors';
import { deliveryList } from './list';
import { framing } from './map';
import {
  deliveryFormSchema,
  emptyDeliveryForm,
  fromLocalInput,
  shortPlace,
  toDeliveryWrite,
  toLocalInput,
  totalWeight,
  trackingLink,
  type DeliveryFormInput,
} from './schema';

function filled(overrides: Partial<DeliveryFormInput> = {}): DeliveryFormInput {
  return {
    ...emptyDeliveryForm(),
    customer_id: 'c1',
    pickup_address_id: 'a1',
    dropoff_address_id: 'a2',
    service_id: 's1',
    packages: [{ description: 'Desk', quantity: 2, weight_kg: 7.5, length_cm: null, width_cm: null, height_cm: null, fragile: true, temperature_sensitive: false }],
    ...overrides,
  };
}

function messages(input: DeliveryFormInput): Record<string, string> {
  const result = deliveryFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the delivery form schema', () => {
  it('names every missing choice in the words the form shows', () => {
    const empty = emptyDeliveryForm();
    expect(messages(empty)).toMatchObject({
      customer_id: 'Customer is required',
      pickup_address_id: 'Pickup address is required',
      dropoff_address_id: 'Drop-off address is required',
      service_id: 'Service is required',
      'packages.0.description': 'Description is required',
      'packages.0.weight_kg': 'Weight must be more than 0 and at most 10000 kg',
    });
  });

  it('checks packages as the database does', () => {
    const bad = filled({
      packages: [{ description: 'Box', quantity: 0.5, weight_kg: 0, length_cm: 0, width_cm: 2001, height_cm: null, fragile: false, temperature_sensitive: false }],
    });
    expect(messages(bad)).toEqual({
      'packages.0.quantity': 'Quantity must be a whole number from 1 to 1000',
      'packages.0.weight_kg': 'Weight must be more than 0 and at most 10000 kg',
      'packages.0.length_cm': 'Dimensions must be more than 0 and at most 2000 cm',
      'packages.0.width_cm': 'Dimensions must be more than 0 and at most 2000 cm',
    });
    expect(messages(filled({ packages: [] }))).toEqual({ packages: 'At least one package is required' });
  });

  it('wants both ends of a window, in order, and the drop-off ending after the pickup starts', () => {
    expect(messages(filled({ pickup_window_start: '2026-12-01T10:00' }))).toEqual({ pickup_window_end: 'Give both ends of the pickup window, or neither' });
    expect(messages(filled({ pickup_window_start: '2026-12-01T10:00', pickup_window_end: '2026-12-01T09:00' }))).toEqual({
      pickup_window_end: 'The pickup window must end after it starts',
    });
    expect(
      messages(filled({ pickup_window_start: '2026-12-01T10:00', pickup_window_end: '2026-12-01T12:00', dropoff_window_start: '2026-12-01T08:00', dropoff_window_end: '2026-12-01T09:00' })),
    ).toEqual({ dropoff_window_end: 'The drop-off window must end after the pickup window starts' });
    expect(messages(filled({ dropoff_window_start: '2026-12-01T10:00', dropoff_window_end: '2026-12-01T10:00' }))).toEqual({
      dropoff_window_end: 'The drop-off window must end after it starts',
    });
  });

  it('asks for a price and a reason only when overriding', () => {
    expect(messages(filled({ override_price: true }))).toEqual({ price: 'Price must be 0 or more', price_override_reason: 'A reason is required to override the price' });
    expect(messages(filled({ override_price: false, price: null, price_override_reason: '' }))).toEqual({});
  });

  it('writes the granted columns: ISO windows, null for an empty reference, the price only when overridden', () => {
    const values = deliveryFormSchema.parse(
      filled({ pickup_window_start: '2026-12-01T10:00', pickup_window_end: '2026-12-01T12:00', external_reference_id: '  ', price: 30, price_override_reason: 'ignored' }),
    );
    const write = toDeliveryWrite(values);
    expect(write.pickup_window_start).toBe(new Date('2026-12-01T10:00').toISOString());
    expect(write.dropoff_window_start).toBeNull();
    expect(write.external_reference_id).toBeNull();
    expect(write.price_override_reason).toBeNull();
    expect('price' in write).toBe(false);
    const overridden = toDeliveryWrite(deliveryFormSchema.parse(filled({ override_price: true, price: 30, price_override_reason: 'Flat rate' })));
    expect(overridden).toMatchObject({ price: 30, price_override_reason: 'Flat rate' });
  });
});

describe('helpers', () => {
  it('totals the weight as quantity times weight, ignoring rows not filled in yet', () => {
    expect(totalWeight([{ quantity: 2, weight_kg: 7.5 }, { quantity: 1, weight_kg: 0.25 }, { quantity: 3, weight_kg: null }])).toBe(15.25);
  });

  it('round-trips a datetime-local value', () => {
    const iso = fromLocalInput('2026-11-25T09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-11-25T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('shows the city, else the first part of the address', () => {
    expect(shortPlace('London', '1 Road, London')).toBe('London');
    expect(shortPlace(null, '500 Terry A Francois Blvd, San Francisco')).toBe('500 Terry A Francois Blvd');
    expect(shortPlace(null, null)).toBe('—');
  });

  it('links the tracking page by token', () => {
    expect(trackingLink('https://app.example', 'ab12')).toBe('https://app.example/tracking?token=ab12');
  });

  it('puts the database\'s snapshot and route errors on the form\'s fields', () => {
    const error = { code: '23514', message: 'Validation failed', details: JSON.stringify([{ field: 'pickup_address', message: 'x' }, { field: 'route', message: 'y' }, { field: 'notes', message: 'z' }]) };
    const mapped = toFormFieldErrors(error) as { details: string; code: string };
    expect(mapped.code).toBe('23514');
    expect(JSON.parse(mapped.details)).toEqual([
      { field: 'pickup_address_id', message: 'x' },
      { field: 'service_id', message: 'y' },
      { field: 'notes', message: 'z' },
    ]);
    expect(toFormFieldErrors(new Error('offline'))).toBeInstanceOf(Error);
  });


});

describe('the detail map', () => {
  it('centres on the points and zooms to show them all', () => {
    const near = framing([
      { lng: -122.39, lat: 37.77 },
      { lng: -122.47, lat: 37.78 },
    ]);
    expect(near.center[0]).toBeCloseTo(-122.43, 5);
    expect(near.center[1]).toBeCloseTo(37.775, 5);
    expect(near.zoom).toBe(12);
    expect(framing([{ lng: 0, lat: 51.5 }, { lng: 0, lat: 51.5 }]).zoom).toBe(15);
    expect(framing([{ lng: -122.4, lat: 37.7 }, { lng: -0.1, lat: 51.5 }]).zoom).toBe(3);
  });
});

describe('the list URL', () => {
  it('reads several statuses and drops what does not validate', () => {
    const state = deliveryList.parse(new URLSearchParams('status=pending&status=bogus&status=in_transit&kind=pickup&zone_id=nope&created_from=2026-11-01&page=2'));
    expect(state.filters.status).toEqual(['pending', 'in_transit']);
    expect(state.filters.kind).toBe('pickup');
    expect(state.filters.zone_id).toBeUndefined();
    expect(state.filters.created_from).toBe('2026-11-01');
    expect(state.page).toBe(1);
    expect(state.sort).toEqual({ column: 'created_at', direction: 'desc' });
  });
});
