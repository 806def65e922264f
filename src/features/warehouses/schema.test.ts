import { describe, expect, it } from 'vitest';
import {
  emptyLocationForm,
  emptyWarehouseForm,
  LocationFormSchema,
  toLocationWrite,
  WAREHOUSE_MESSAGES,
  WarehouseFormSchema,
  staffLabel,
  type LocationFormInput,
} from './schema';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('warehouse form', () => {
  it('says what is missing in the spec words, the users rule included while other fields are empty', () => {
    const result = WarehouseFormSchema.safeParse({ ...emptyWarehouseForm(), status: '', access_mode: 'select_users', total_capacity: 5, available_capacity: 9 });
    expect(issues(result)).toEqual({
      name: WAREHOUSE_MESSAGES.name,
      code: WAREHOUSE_MESSAGES.code,
      address_id: WAREHOUSE_MESSAGES.address,
      status: WAREHOUSE_MESSAGES.status,
      user_ids: 'Users are required when access mode is not "All Users"',
      available_capacity: 'Available capacity cannot exceed total capacity',
    });
  });

  it('accepts all users without a list, and refuses negative numbers', () => {
    const valid = { ...emptyWarehouseForm(), name: 'A', code: 'B', address_id: 'x' };
    expect(WarehouseFormSchema.safeParse(valid).success).toBe(true);
    const result = WarehouseFormSchema.safeParse({ ...valid, total_capacity: -1, features: { ...valid.features, dock_doors: -3 } });
    expect(issues(result)).toMatchObject({ total_capacity: 'Total capacity must be at least 0', 'features.dock_doors': 'Dock doors must be at least 0' });
  });
});

describe('location form', () => {
  const valid = (patch: Partial<LocationFormInput> = {}): LocationFormInput => ({
    ...emptyLocationForm({ warehouse_id: 'a5000000-0000-4000-8000-000000000001' }),
    name: 'Zone A',
    ...patch,
  });

  it('has the spec messages verbatim', () => {
    expect(issues(LocationFormSchema.safeParse({ ...valid(), warehouse_id: null }))).toMatchObject({ warehouse_id: 'Warehouse is required!' });
    expect(issues(LocationFormSchema.safeParse(valid({ warehouse_id: 'nope' })))).toMatchObject({ warehouse_id: 'Invalid warehouse ID format' });
    expect(issues(LocationFormSchema.safeParse(valid({ location_type: 'room' as never })))).toMatchObject({ location_type: 'Invalid location type' });
    expect(issues(LocationFormSchema.safeParse(valid({ name: '  ' })))).toMatchObject({ name: 'Name is required!' });
    expect(issues(LocationFormSchema.safeParse(valid({ location_type: 'bin', parent_id: 'x1' })))).toMatchObject({ parent_id: 'Invalid parent ID format' });
    expect(issues(LocationFormSchema.safeParse(valid({ status: '' as never })))).toMatchObject({ status: 'Invalid status' });
  });

  it('needs the parent its type names, and a zone none', () => {
    expect(issues(LocationFormSchema.safeParse(valid({ location_type: 'shelf', name: '' })))).toMatchObject({ parent_id: 'A shelf needs a parent aisle' });
    expect(LocationFormSchema.safeParse(valid()).success).toBe(true);
  });

  it('sends only the position fields of the type, and no parent for a zone', () => {
    const parsed = LocationFormSchema.parse(
      valid({ location_type: 'bin', parent_id: 'a5000000-0000-4000-8000-000000000002', position: { floor: 3, area: 'x', number: 4, section: 'y', height: 5, sequence: 2, position: 'left' } }),
    );
    expect(toLocationWrite(parsed).position).toEqual({ position: 'left', sequence: 2 });
    const zone = LocationFormSchema.parse(valid({ parent_id: null }));
    expect(toLocationWrite(zone).parent_id).toBeNull();
    expect(toLocationWrite(zone).metadata.temperature_range).toEqual({ min: 15, max: 25 });
  });
});

it('staff read name - role', () => {
  expect(staffLabel({ role: 'dispatcher_liaison', user: { id: '1', full_name: 'Ben Okafor', email: null } })).toBe('Ben Okafor - Dispatcher liaison');
});
