// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { combinedState, liveWarehouseIds, warehouseTableOf } from './warehouse-live';

describe('live warehouse lists', () => {
  it('listen to the filtered warehouse, or every accessible one without a filter', () => {
    expect(liveWarehouseIds(['w1', 'w2'], null)).toEqual(['w1', 'w2']);
    expect(liveWarehouseIds(['w1', 'w2'], undefined)).toEqual(['w1', 'w2']);
    expect(liveWarehouseIds(['w1', 'w2'], 'w2')).toEqual(['w2']);
  });

  it('never listen to a warehouse the user may not access, even when the URL filters on it', () => {
    expect(liveWarehouseIds(['w1'], 'w9')).toEqual([]);
    expect(liveWarehouseIds([], null)).toEqual([]);
  });

  it('tell the topic records apart by table', () => {
    expect(warehouseTableOf({ id: 'h', signature_url: 'x', status: 'pending' })).toBe('package_handoffs');
    expect(warehouseTableOf({ id: 'r', receive_code: 'RO-1', status: 'draft' })).toBe('receive_orders');
    expect(warehouseTableOf({ id: 'p', order_type: 'wave', status: 'pending' })).toBe('pick_orders');
    expect(warehouseTableOf({ id: 's', item_id: 'i', quantity: 3 })).toBe('inventory_stock');
    expect(warehouseTableOf({ id: 'x' })).toBeNull();
  });

  it('are live once every topic answered and one joined', () => {
    expect(combinedState([])).toBeUndefined();
    expect(combinedState(['live', 'connecting'])).toBe('connecting');
    expect(combinedState(['live', 'offline'])).toBe('live');
    expect(combinedState(['offline'])).toBe('offline');
  });
});
