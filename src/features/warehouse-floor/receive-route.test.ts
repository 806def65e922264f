import { describe, expect, it } from 'vitest';
import type { FloorReceiveLine, ScannedBin } from './api';
import { binScanProblem, openReceiveLines } from './receive-route';

const line = (id: string, expected: number, received = 0): FloorReceiveLine => ({
  id,
  position: 0,
  item_id: `item-${id}`,
  expected_quantity: expected,
  received_quantity: received,
  lot_number: null,
  serial_number: null,
  item: { name: 'Crate', sku: 'CR-1', barcode: null },
  suggestion: null,
});

const location = (warehouse_id: string, overrides: Partial<ScannedBin> = {}): ScannedBin => ({
  id: `bin-${warehouse_id}`,
  code: 'Z1-A01-S1-B01',
  warehouse_id,
  location_type: 'bin',
  status: 'active',
  warehouse: { name: warehouse_id === 'w1' ? 'Bayview' : 'Oakland' },
  ...overrides,
});

describe("the receiver's lines", () => {
  it('keeps the lines with units left, in order, without the skipped ones', () => {
    const lines = [line('a', 2, 2), line('b', 3, 1), line('c', 1), line('d', 4)];
    expect(openReceiveLines(lines, new Set(['c'])).map((l) => l.id)).toEqual(['b', 'd']);
  });
});

describe('a scanned bin', () => {
  it("is taken when it is an active bin of the order's warehouse, even when another warehouse has the same code", () => {
    expect(binScanProblem(' z1-a01-s1-b01 ', 'w1', 'Bayview', [location('w2'), location('w1')])).toEqual({ bin: { id: 'bin-w1', code: 'Z1-A01-S1-B01' } });
  });

  it('is refused, saying why, when unknown, of another warehouse, not a bin or not active', () => {
    expect(binScanProblem('x9', 'w1', 'Bayview', [])).toEqual({ problem: 'No bin has the code X9' });
    expect(binScanProblem('Z1-A01-S1-B01', 'w1', 'Bayview', [location('w2')])).toEqual({ problem: 'Bin Z1-A01-S1-B01 is in Oakland, not Bayview' });
    expect(binScanProblem('Z1', 'w1', 'Bayview', [location('w1', { location_type: 'zone' })])).toEqual({ problem: "Z1 is not a bin: scan a bin's label" });
    expect(binScanProblem('Z1-A01-S1-B01', 'w1', 'Bayview', [location('w1', { status: 'inactive' })])).toEqual({ problem: 'Bin Z1-A01-S1-B01 is not active: choose another bin' });
  });
});
