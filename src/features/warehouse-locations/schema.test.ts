import { describe, expect, it } from 'vitest';
import { emptyLocationForm, LocationFormSchema, toLocationWrite, type LocationFormInput } from './schema';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

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
