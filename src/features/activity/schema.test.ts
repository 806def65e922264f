import { describe, expect, it } from 'vitest';
import { actorLabel, auditEntrySchema, columnLabel, fieldChanges, formatAuditValue, recordLabel } from './schema';

const entry = (patch: Record<string, unknown>) =>
  auditEntrySchema.parse({
    id: 'e1',
    tenant_id: 't1',
    actor_id: 'u1',
    actor_name: 'Ada Admin',
    table_name: 'vehicles',
    row_id: 'a3000000-0000-4000-8000-000000000001',
    action: 'update',
    changed_columns: ['capacity_unit'],
    old_values: { capacity_unit: 40 },
    new_values: { capacity_unit: 45 },
    created_at: '2026-11-20T10:00:00Z',
    ...patch,
  });

describe('fieldChanges', () => {
  it('pairs each changed column of an update with its value before and after', () => {
    expect(fieldChanges(entry({}))).toEqual([{ column: 'capacity_unit', before: 40, after: 45 }]);
  });

  it('shows an insert\'s values as after only, without the bookkeeping columns', () => {
    const inserted = entry({ action: 'insert', changed_columns: ['id', 'name', 'tenant_id', 'created_at'], old_values: null, new_values: { id: 'x', name: 'Van', tenant_id: 't', created_at: 'now' } });
    expect(fieldChanges(inserted)).toEqual([{ column: 'name', before: undefined, after: 'Van' }]);
  });

  it('shows a delete\'s values as before only', () => {
    const deleted = entry({ action: 'delete', changed_columns: ['name'], old_values: { name: 'Van' }, new_values: null });
    expect(fieldChanges(deleted)).toEqual([{ column: 'name', before: 'Van', after: undefined }]);
  });
});

describe('labels and values', () => {
  it('names the record as it was called when it changed, else from what the entry holds', () => {
    expect(recordLabel(entry({ record_label: 'City Van 1', new_values: { capacity_unit: 45 } }))).toBe('City Van 1');
    expect(recordLabel(entry({ new_values: { name: 'City Van 1' } }))).toBe('City Van 1');
    expect(recordLabel(entry({ table_name: 'tenants', new_values: { name: { en: 'Acme Logistics' } } }))).toBe('Acme Logistics');
    expect(recordLabel(entry({ table_name: 'addresses', new_values: { title: { en: 'Mission Bay Depot' } } }))).toBe('Mission Bay Depot');
    expect(recordLabel(entry({ table_name: 'profiles', old_values: { first_name: 'Dana', last_name: 'Dispatcher' }, new_values: { phone: '+1' } }))).toBe('Dana Dispatcher');
    expect(recordLabel(entry({ new_values: { phone: '+1' }, old_values: null }))).toBe('#a3000000');
  });

  it('prints values on one line, empty ones as a dash', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('')).toBe('—');
    expect(formatAuditValue([])).toBe('—');
    expect(formatAuditValue(false)).toBe('false');
    expect(formatAuditValue({ fuel_type: 'diesel' })).toBe('{"fuel_type":"diesel"}');
    expect(columnLabel('vehicle_requirements')).toBe('Vehicle requirements');
  });

  it('says who: the name at the time, a former user, or the system', () => {
    expect(actorLabel({ actor_id: 'u1', actor_name: 'Ada Admin' })).toBe('Ada Admin');
    expect(actorLabel({ actor_id: 'u1', actor_name: null })).toBe('Former user');
    expect(actorLabel({ actor_id: null, actor_name: null })).toBe('System');
  });
});
