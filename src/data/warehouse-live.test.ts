// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { combinedState, deletionChanges, liveWarehouseIds, warehouseNews, warehouseTableOf } from './warehouse-live';

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

  it('hand a list the rows the database deleted, even ones the topic never saw, and re-read for the rest', () => {
    const order = { id: 'o1', order_type: 'individual', status: 'pending' };
    const stock = { id: 's1', item_id: 'i1', quantity: 3 };
    // A deletion of a row the topic never carried (its rows start empty): only the deleted ids tell it.
    expect(warehouseNews([], new Set(), new Set(['o9']), ['pick_orders'])).toEqual({ deletedIds: ['o9'], reread: false });
    // Already handed over: not again.
    expect(warehouseNews([], new Set(['o9']), new Set(['o9']), ['pick_orders'])).toEqual({ deletedIds: [], reread: false });
    // A row of the list's table changed: read again; another table's change is no news.
    expect(warehouseNews([{ op: 'update', row: order }], new Set(), new Set(), ['pick_orders']).reread).toBe(true);
    expect(warehouseNews([{ op: 'update', row: stock }], new Set(), new Set(), ['pick_orders']).reread).toBe(false);
    // A row that moved to another warehouse still exists: read again rather than remove it.
    expect(warehouseNews([{ op: 'delete', id: 'o1' }], new Set(), new Set(), ['pick_orders'])).toEqual({ deletedIds: [], reread: true });
    expect(warehouseNews([{ op: 'delete', id: 'o1', deleted: true }], new Set(), new Set(['o1']), ['pick_orders'])).toEqual({ deletedIds: ['o1'], reread: false });
  });

  it('leave out a deleted row the topic carried as another table’s', () => {
    const stock = { id: 's1', item_id: 'i1', quantity: 3 };
    const order = { id: 'o1', order_type: 'individual', status: 'pending' };
    const held = new Map<string, Record<string, unknown> & { id: string }>([
      ['s1', stock],
      ['o1', order],
    ]);
    const gone = [{ op: 'delete', id: 's1', deleted: true } as const, { op: 'delete', id: 'o1', deleted: true } as const];
    expect(warehouseNews(gone, new Set(), new Set(['s1', 'o1', 'o9']), ['pick_orders'], held)).toEqual({ deletedIds: ['o1', 'o9'], reread: false });
  });

  it('hand a list every deletion as one the database made: in place when shown, else a read for the total', () => {
    expect(deletionChanges(['b', 'z'])).toEqual([
      { op: 'delete', id: 'b', deleted: true },
      { op: 'delete', id: 'z', deleted: true },
    ]);
    expect(deletionChanges([])).toEqual([]);
  });
});
