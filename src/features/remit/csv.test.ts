import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, remittancesCsv, toCsv } from './csv';
import type { RemittanceRow } from './schema';

const row = (patch: Partial<RemittanceRow> = {}): RemittanceRow => ({
  id: 'r1',
  reference_number: 'ACME-R00001',
  driver_id: 'd1',
  driver_name: 'Daniel Okafor',
  recorded_by_name: 'Dana Dispatcher',
  amount: 44.98,
  expected_amount: 44.98,
  currency: 'USD',
  method: 'cash',
  note: '',
  discrepancy_reason: null,
  recorded_at: '2026-11-20T17:05:00.000Z',
  delivery_codes: ['ACME-001010', 'ACME-001022'],
  ...patch,
});

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Daniel')).toBe('Daniel');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
  });
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-4.98')).toBe('-4.98');
    expect(csvField('-1+2')).toBe("'-1+2");
  });
});

describe('toCsv', () => {
  it('writes a header then one CRLF line per row', () => {
    expect(toCsv(['a', 'b'], [['1', '2'], ['x,y', null]])).toBe('a,b\r\n1,2\r\n"x,y",\r\n');
  });
});

describe('remittancesCsv', () => {
  it('writes each remittance with amounts, difference, method label and codes', () => {
    const text = remittancesCsv([
      row(),
      row({ id: 'r2', reference_number: 'ACME-R00002', amount: 40, expected_amount: 44.98, method: 'bank_transfer', discrepancy_reason: 'Kept 4.98, fuel', note: 'Shift "B"' }),
    ]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Reference,Recorded at,Driver,Amount,Expected,Difference,Currency,Method,Deliveries,Discrepancy reason,Note,Recorded by');
    expect(lines[1]).toBe('ACME-R00001,2026-11-20T17:05:00.000Z,Daniel Okafor,44.98,44.98,0.00,USD,Cash,ACME-001010 ACME-001022,,,Dana Dispatcher');
    expect(lines[2]).toBe('ACME-R00002,2026-11-20T17:05:00.000Z,Daniel Okafor,40.00,44.98,-4.98,USD,Bank transfer,ACME-001010 ACME-001022,"Kept 4.98, fuel","Shift ""B""",Dana Dispatcher');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
  it('names the file after the range', () => {
    expect(csvFileName(undefined, undefined)).toBe('remittances.csv');
    expect(csvFileName('2026-11-01', '2026-11-30')).toBe('remittances_2026-11-01_2026-11-30.csv');
  });
});
