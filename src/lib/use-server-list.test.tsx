// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { diffRows, patchRows, useServerList, type ServerPage } from './use-server-list';
import type { ListState } from './list-state';

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

describe('patchRows', () => {
  it('merges the last update of each row on the page and says when a change is off it', () => {
    const rows = [row('a', 'Van'), row('b', 'Truck')];
    const patched = patchRows(rows, [{ op: 'update', row: row('b', 'Lorry') }, { op: 'update', row: row('b', 'Tipper') }], (r) => r.id);
    expect(patched).toEqual({ rows: [row('a', 'Van'), row('b', 'Tipper')], offPage: false });
    expect(patchRows(rows, [{ op: 'insert', row: row('c', 'Cart') }], (r) => r.id).offPage).toBe(true);
    expect(patchRows(rows, [{ op: 'update', row: row('z', 'Bike') }], (r) => r.id).offPage).toBe(true);
  });
});

describe('useServerList', () => {
  afterEach(cleanup);

  it('applies a live change that arrived while a page was read to the page the read brings', async () => {
    type Row = { id: string; name: string };
    const reads: ((page: ServerPage<Row>) => void)[] = [];
    const fetchPage = () => new Promise<ServerPage<Row>>((resolve) => reads.push(resolve));
    const state = (q: string): ListState => ({ page: 0, pageSize: 10, q, sort: null, filters: {} });
    const { result, rerender } = renderHook(({ search }) => useServerList({ queryKey: ['vans'], state: state(search), fetchPage, rowKey: (r: Row) => r.id }), {
      initialProps: { search: '' },
    });
    act(() => reads[0]!({ rows: [row('a', 'Van'), row('b', 'Truck')], total: 2 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));

    // A search is typed; before its answer lands, a change to a row arrives live.
    rerender({ search: 'Tru' });
    await waitFor(() => expect(reads).toHaveLength(2));
    act(() => result.current.applyChanges([{ op: 'update', row: row('b', 'Lorry') }]));
    // The search's answer was read before the change: the change is applied to it again.
    act(() => reads[1]!({ rows: [row('b', 'Truck')], total: 1 }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual([row('b', 'Lorry')]);
    expect(result.current.pendingChanges).toBe(false);

    // Once the page has landed, a later read starts clean.
    act(() => result.current.refetch());
    await waitFor(() => expect(reads).toHaveLength(3));
    act(() => reads[2]!({ rows: [row('b', 'Lorry')], total: 1 }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual([row('b', 'Lorry')]);
  });
});
