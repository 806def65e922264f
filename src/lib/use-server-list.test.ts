import { describe, expect, it } from 'vitest';
import { diffRows } from './use-server-list';

const row = (id: string, name: string) => ({ id, name });

describe('diffRows', () => {
  it('reports inserts, value updates and deletes, and ignores re-read rows that did not change', () => {
    const before = new Map([
      ['a', row('a', 'Van')],
      ['b', row('b', 'Truck')],
      ['c', row('c', 'Bike')],
    ]);
    const after = new Map([
      ['a', row('a', 'Van')],
      ['b', row('b', 'Lorry')],
      ['d', row('d', 'Cart')],
    ]);
    expect(diffRows(before, after)).toEqual([
      { op: 'update', row: row('b', 'Lorry') },
      { op: 'insert', row: row('d', 'Cart') },
      { op: 'delete', id: 'c' },
    ]);
  });
});
