import type { BoardDelivery } from './model';

/**
 * A board delivery row for tests: a pending San Francisco delivery of Acme, created at 08:00 on
 * 2026-11-25 (local time), with no window; `overrides` set the rest.
 */
export function boardDelivery(id: string, overrides: Partial<BoardDelivery> = {}): BoardDelivery {
  const at = (h: number) => new Date(2026, 10, 25, h).toISOString();
  return {
    id,
    tenant_id: 'a0000000-0000-4000-8000-000000000001',
    delivery_code: `ACME-${id}`,
    kind: 'delivery',
    status: 'pending',
    priority: 'normal',
    service_id: 'a6100000-0000-4000-8000-000000000002',
    pickup_zone_id: null,
    dropoff_zone_id: null,
    customer_id: 'c',
    pickup_address: { full_address: '1 Market St, San Francisco' },
    dropoff_address: { full_address: '500 Castro St, San Francisco' },
    pickup_lat: 37.79,
    pickup_lng: -122.39,
    dropoff_lat: 37.76,
    dropoff_lng: -122.43,
    pickup_window_start: null,
    pickup_window_end: null,
    dropoff_window_start: null,
    dropoff_window_end: null,
    total_weight_kg: 5,
    package_count: 1,
    driver_id: null,
    vehicle_id: null,
    status_reason: null,
    notes: '',
    cod_amount: 0,
    price: 10,
    currency: 'USD',
    external_reference_id: null,
    assigned_at: null,
    delivered_at: null,
    failed_at: null,
    created_at: at(8),
    updated_at: at(8),
    ...overrides,
  };
}
