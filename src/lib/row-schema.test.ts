import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codedNameSchema, lotAndSerial, nullableNumeric, nullableText, numeric, statusHistoryEntrySchema, tenantRecord } from './row-schema';

describe('column kinds', () => {
  it('reads a nullable text as text or null, never as absent or another type', () => {
    expect(nullableText.parse('x')).toBe('x');
    expect(nullableText.parse(null)).toBeNull();
    expect(nullableText.safeParse(undefined).success).toBe(false);
    expect(nullableText.safeParse(3).success).toBe(false);
  });

  it('reads a numeric column that PostgREST answers as text as a number', () => {
    expect(numeric.parse('12.50')).toBe(12.5);
    expect(numeric.parse(7)).toBe(7);
    expect(numeric.safeParse('not a number').success).toBe(false);
    expect(nullableNumeric.parse(null)).toBeNull();
    expect(nullableNumeric.parse('0.25')).toBe(0.25);
  });
});

describe('shared shapes', () => {
  const row = z.object({ ...tenantRecord, name: z.string(), ...lotAndSerial });
  const stored = { id: 'r1', tenant_id: 't1', created_at: '2026-12-01T10:00:00Z', updated_at: '2026-12-02T10:00:00Z', name: 'Bin A', lot_number: null, serial_number: 'S-1' };

  it('requires every bookkeeping column of a tenant record', () => {
    expect(row.parse(stored)).toEqual(stored);
    for (const column of ['id', 'tenant_id', 'created_at', 'updated_at'] as const) {
      const { [column]: _dropped, ...rest } = stored;
      expect(row.safeParse(rest).success, column).toBe(false);
    }
  });

  it('reads a lot and a serial as text or null', () => {
    expect(row.safeParse({ ...stored, lot_number: undefined }).success).toBe(false);
    expect(row.parse({ ...stored, lot_number: 'L7', serial_number: null })).toMatchObject({ lot_number: 'L7', serial_number: null });
  });

  it('reads a coded name and a status history entry with their nullable parts', () => {
    expect(codedNameSchema.parse({ id: 'w1', code: 'CEN', name: 'Central' })).toEqual({ id: 'w1', code: 'CEN', name: 'Central' });
    expect(codedNameSchema.safeParse({ id: 'w1', name: 'Central' }).success).toBe(false);
    const entry = { id: 'e1', from_status: null, status: 'open', note: null, actor_name: null, occurred_at: '2026-12-01T10:00:00Z' };
    expect(statusHistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(statusHistoryEntrySchema.safeParse({ ...entry, status: null }).success).toBe(false);
  });
});
