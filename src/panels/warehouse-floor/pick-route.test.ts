import { describe, expect, it } from 'vitest';
import type { FloorPick, FloorPickItem } from './api';
import { openLines, sameCode } from './pick-route';

const item = (bin: string, quantity: number, picked = 0, status = 'pending'): FloorPickItem => ({
  item_id: `item-${bin}`,
  name: 'Crate',
  sku: 'CR-1',
  bin_id: `bin-${bin}`,
  bin_name: bin,
  quantity,
  picked_quantity: picked,
  status,
});

const pickOf = (items: FloorPickItem[]): FloorPick => ({
  order: { id: 'o', reference_number: 'ACME-PK00001', status: 'in_progress', item_details: [], picking_progress: { total_items: 0, picked_items: 0, picker_notes: null } },
  warehouse: null,
  items,
  actions: [],
});

describe("the picker's route", () => {
  it('walks the open lines in location-code order', () => {
    const pick = pickOf([item('Z2-A01-S1-B01', 1), item('Z1-A02-S1-B03', 2), item('Z1-A01-S2-B01', 1)]);
    expect(openLines(pick, new Set())).toEqual([2, 1, 0]);
  });

  it('leaves out picked, short and skipped lines', () => {
    const pick = pickOf([item('Z1-A01-S1-B01', 2, 2, 'picked'), item('Z1-A01-S1-B02', 3, 1, 'partially_picked'), item('Z1-A01-S1-B03', 1), item('Z1-A01-S1-B04', 1)]);
    expect(openLines(pick, new Set([3]))).toEqual([2]);
  });

  it('compares scans without case or surrounding spaces', () => {
    expect(sameCode(' z1-a01-s1-b01 ', 'Z1-A01-S1-B01')).toBe(true);
    expect(sameCode('Z1-A01-S1-B02', 'Z1-A01-S1-B01')).toBe(false);
    expect(sameCode('anything', null)).toBe(false);
  });
});
