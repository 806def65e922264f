import { describe, expect, it } from 'vitest';
import { driverListChanges } from './live';
import type { Driver, DriverRow } from './schema';

const driver: Driver = {
  id: 'd1',
  tenant_id: 't1',
  licence_number: 'D1234567',
  licence_class: 'standard',
  licence_expiry: '2029-01-01',
  phone: null,
  status: 'available',
  default_vehicle_id: 'v1',
  home_zone_id: 'z1',
  last_lat: 37.77,
  last_lng: -122.41,
  last_heading: null,
  last_speed: null,
  last_accuracy: null,
  last_position_at: '2026-11-25T10:00:00Z',
  status_changed_at: '2026-11-25T09:00:00Z',
  notes: '',
  created_at: '2026-10-01T00:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
};
const row: DriverRow = {
  ...driver,
  full_name: 'Derek Driver',
  email: 'driver@acme.test',
  avatar_url: null,
  person_status: 'active',
  default_vehicle_name: 'City Van 1',
  default_vehicle_code: 'ACME-VAN-01',
  home_zone_name: 'SoMa',
  home_zone_code: 'SF-SOMA',
};

describe('driverListChanges', () => {
  it('patches status and position of a row on the page, keeping the names', () => {
    const [change] = driverListChanges([{ op: 'update', row: { ...driver, status: 'on_break', last_lat: 37.78 } }], [row]);
    expect(change).toEqual({ op: 'update', row: { ...row, status: 'on_break', last_lat: 37.78 } });
  });

  it('asks for a refresh when the vehicle or zone changed, for rows not on the page, inserts and deletes', () => {
    expect(driverListChanges([{ op: 'update', row: { ...driver, default_vehicle_id: 'v2' } }], [row])[0]?.op).toBe('insert');
    expect(driverListChanges([{ op: 'update', row: { ...driver, home_zone_id: null } }], [row])[0]?.op).toBe('insert');
    expect(driverListChanges([{ op: 'update', row: { ...driver, id: 'd2' } }], [row])[0]?.op).toBe('insert');
    expect(driverListChanges([{ op: 'insert', row: { ...driver, id: 'd3' } }], [row])[0]?.op).toBe('insert');
    expect(driverListChanges([{ op: 'delete', id: 'd1' }], [row])).toEqual([{ op: 'delete', id: 'd1' }]);
  });
});
