import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, auditFormSchema, findLine, toAuditWrite, type CountLine } from './schema';

const schema = auditFormSchema(() => '2026-12-02');
const base = { warehouse_id: 'w', audit_type: 'spot_check' as const, scheduled_date: '', notes: '', location_id: null, item_id: null };
const messages = (values: object) => (schema.safeParse({ ...base, ...values }).error?.issues ?? []).map((issue) => issue.message);

describe('the audit form', () => {
  it('asks for a warehouse, a type, a date not in the past and a scope fitting the type', () => {
    expect(messages({ warehouse_id: '', audit_type: '' })).toEqual([AUDIT_MESSAGES.warehouseRequired, AUDIT_MESSAGES.typeRequired]);
    expect(messages({ scheduled_date: '2026-12-01', item_id: 'i' })).toEqual([AUDIT_MESSAGES.scheduledPast]);
    expect(messages({})).toEqual([AUDIT_MESSAGES.spotScope]);
    expect(messages({ audit_type: 'cycle_count', item_id: 'i' })).toEqual([AUDIT_MESSAGES.cycleScope]);
    expect(messages({ audit_type: 'full_count', location_id: 'b' })).toEqual([AUDIT_MESSAGES.fullScope]);
    expect(messages({ audit_type: 'full_count', scheduled_date: '2026-12-02' })).toEqual([]);
  });

  it('writes the scope as the database takes it', () => {
    const values = schema.parse({ ...base, location_id: 'b', notes: '  Desks ' });
    expect(toAuditWrite(values)).toEqual({
      warehouse_id: 'w',
      audit_type: 'spot_check',
      scheduled_date: null,
      notes: 'Desks',
      scope: { location_ids: ['b'], item_ids: [] },
    });
  });
});

describe('finding the line a scan names', () => {
  const line = (id: string, bin: string, sku: string, counted: number | null): CountLine => ({
    id,
    position: 0,
    item_id: sku,
    item_name: sku,
    sku,
    barcode: `0${sku}`,
    bin_id: bin,
    bin_code: bin,
    lot_number: null,
    serial_number: null,
    counted_quantity: counted,
    recount_round: 1,
  });
  const lines = [line('a', 'Z1-B01', 'DESK', 3), line('b', 'Z1-B01', 'DESK', null), line('c', 'Z1-B02', 'LAMP', null)];

  it('matches the bin code and the SKU or barcode, whatever the case, preferring a line not yet counted', () => {
    expect(findLine(lines, ' z1-b01 ', 'desk')?.id).toBe('b');
    expect(findLine(lines, 'Z1-B02', '0LAMP')?.id).toBe('c');
    expect(findLine(lines, 'Z1-B02', 'DESK')).toBeUndefined();
  });
});
