// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultStatus, diffRows, listNews, patchRows, useServerList, type ServerPage } from './use-server-list';
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

  it('says a row gone is a deletion when the collection saw it deleted, else that it only left the working set', () => {
    const before = new Map([
      ['a', row('a', 'Van')],
      ['b', row('b', 'Truck')],
    ]);
    expect(diffRows(before, new Map(), new Set(['a']))).toEqual([{ op: 'delete', id: 'a', deleted: true }, { op: 'delete', id: 'b' }]);
  });
});

describe('patchRows', () => {
  it('merges the last update of each row on the page and says when a change is off it', () => {
    const rows = [row('a', 'Van'), row('b', 'Truck')];
    const patched = patchRows(rows, [{ op: 'update', row: row('b', 'Lorry') }, { op: 'update', row: row('b', 'Tipper') }], (r) => r.id);
    expect(patched).toEqual({ rows: [row('a', 'Van'), row('b', 'Tipper')], offPage: false, removed: 0, unseenDeletions: 0 });
    expect(patchRows(rows, [{ op: 'insert', row: row('c', 'Cart') }], (r) => r.id).offPage).toBe(true);
    expect(patchRows(rows, [{ op: 'update', row: row('z', 'Bike') }], (r) => r.id).offPage).toBe(true);
  });

  it('takes a deleted row of the page out in place, counts a deletion of a row it never carried, and offers a refresh for a row that only left the working set', () => {
    const rows = [row('a', 'Van'), row('b', 'Truck'), row('c', 'Bike')];
    expect(patchRows(rows, [{ op: 'delete', id: 'b', deleted: true }], (r) => r.id)).toEqual({ rows: [row('a', 'Van'), row('c', 'Bike')], offPage: false, removed: 1, unseenDeletions: 0 });
    expect(patchRows(rows, [{ op: 'delete', id: 'z', deleted: true }], (r) => r.id)).toEqual({ rows, offPage: false, removed: 0, unseenDeletions: 1 });
    expect(patchRows(rows, [{ op: 'delete', id: 'b' }], (r) => r.id)).toEqual({ rows, offPage: true, removed: 0, unseenDeletions: 0 });
    // An update and then the deletion of the same row: it is gone.
    expect(patchRows(rows, [{ op: 'update', row: row('a', 'Lorry') }, { op: 'delete', id: 'a', deleted: true }], (r) => r.id).rows).toEqual([row('b', 'Truck'), row('c', 'Bike')]);
  });
});

describe('listNews', () => {
  const order = (id: string, status: string | null) => ({ id, status });
  it('finds the rows that arrived and the rows whose status moved, and says nothing of rows that left', () => {
    const before = [order('a', 'pending'), order('b', 'picked_up'), order('c', 'pending')];
    const after = [order('d', 'pending'), order('a', 'in_transit'), order('b', 'picked_up')];
    expect(listNews(before, after, (r) => r.id)).toEqual({ arrived: [order('d', 'pending')], statusChanged: [{ row: order('a', 'in_transit'), status: 'In transit' }] });
  });

  it('reads a status the list gives, and ignores rows without one', () => {
    expect(defaultStatus({ status: 'picked_up' })).toBe('Picked up');
    expect(defaultStatus({ name: 'Van' })).toBeNull();
    expect(listNews([order('a', null)], [order('a', 'pending')], (r) => r.id).statusChanged).toEqual([]);
    const words = (r: { status: string | null }) => (r.status === 'done' ? 'Delivered' : 'Waiting');
    expect(listNews([order('a', 'new')], [order('a', 'done')], (r) => r.id, words).statusChanged).toEqual([{ row: order('a', 'done'), status: 'Delivered' }]);
  });
});

describe('useServerList', () => {
  afterEach(cleanup);

  it('makes news of a live change only: a status moved in place, rows a live re-read brings; never a first read, a reload of the user’s or another page', async () => {
    type Row = { id: string; status: string };
    let server: Row[] = [{ id: 'a', status: 'pending' }, { id: 'b', status: 'pending' }];
    const reads: ListState[] = [];
    const fetchPage = async (requested: ListState) => {
      reads.push(requested);
      return { rows: server.map((r) => ({ ...r })), total: server.length };
    };
    const state = (page: number): ListState => ({ page, pageSize: 10, q: '', sort: null, filters: {} });
    const { result, rerender } = renderHook(({ page }) => useServerList({ queryKey: ['orders'], state: state(page), fetchPage, rowKey: (r: Row) => r.id }), {
      initialProps: { page: 0 },
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.news).toBeNull();

    // A status moved live, patched in place.
    act(() => result.current.applyChanges([{ op: 'update', row: { id: 'b', status: 'assigned' } }]));
    const first = result.current.news;
    expect(first).toMatchObject({ arrived: [], statusChanged: [{ row: { id: 'b', status: 'assigned' }, status: 'Assigned' }] });
    // The same status again is no news.
    act(() => result.current.applyChanges([{ op: 'update', row: { id: 'b', status: 'assigned' } }]));
    expect(result.current.news).toBe(first);

    // A live re-read brings a new row and another status.
    server = [{ id: 'c', status: 'pending' }, { id: 'a', status: 'cancelled' }, { id: 'b', status: 'assigned' }];
    act(() => result.current.refetchLive());
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    const second = result.current.news;
    expect(second).toMatchObject({ arrived: [{ id: 'c' }], statusChanged: [{ row: { id: 'a' }, status: 'Cancelled' }] });
    expect(second?.id).not.toBe(first?.id);

    // The user's own reload, and another page, are no news.
    server = [{ id: 'd', status: 'pending' }, ...server];
    act(() => result.current.refetch());
    await waitFor(() => expect(result.current.rows).toHaveLength(4));
    expect(result.current.news).toBe(second);
    rerender({ page: 1 });
    await waitFor(() => expect(reads.at(-1)?.page).toBe(1));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.news).toBe(second);
  });

  it('builds a second live change on the first when both arrive before a render', async () => {
    type Row = { id: string; status: string };
    const fetchPage = async () => ({ rows: [{ id: 'a', status: 'pending' }, { id: 'b', status: 'pending' }], total: 2 });
    const state: ListState = { page: 0, pageSize: 10, q: '', sort: null, filters: {} };
    const { result } = renderHook(() => useServerList({ queryKey: ['orders'], state, fetchPage, rowKey: (r: Row) => r.id }));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => {
      result.current.applyChanges([{ op: 'update', row: { id: 'a', status: 'assigned' } }]);
      result.current.applyChanges([{ op: 'update', row: { id: 'b', status: 'cancelled' } }]);
    });
    expect(result.current.rows).toEqual([{ id: 'a', status: 'assigned' }, { id: 'b', status: 'cancelled' }]);
    // The second change's news is of its own row only: the first one's was said already.
    expect(result.current.news).toMatchObject({ arrived: [], statusChanged: [{ row: { id: 'b' }, status: 'Cancelled' }] });
    expect(result.current.pendingChanges).toBe(false);
  });

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

  it('removes a deleted row in place with the total one less; a page with rows after it is read again to fill up', async () => {
    type Row = { id: string; name: string };
    const reads: { state: ListState; resolve: (page: ServerPage<Row>) => void }[] = [];
    const fetchPage = (state: ListState) => new Promise<ServerPage<Row>>((resolve) => reads.push({ state, resolve }));
    const state = (page: number): ListState => ({ page, pageSize: 2, q: '', sort: null, filters: {} });
    const { result, rerender } = renderHook(({ page }) => useServerList({ queryKey: ['vans'], state: state(page), fetchPage, rowKey: (r: Row) => r.id }), {
      initialProps: { page: 1 },
    });
    // The last page (rows 3 and 4 of 4): a deletion there leaves nothing to fill in.
    act(() => reads[0]!.resolve({ rows: [row('c', 'Bike'), row('d', 'Cart')], total: 4 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.applyChanges([{ op: 'delete', id: 'c', deleted: true }]));
    expect(result.current.rows).toEqual([row('d', 'Cart')]);
    expect(result.current.total).toBe(3);
    expect(result.current.pendingChanges).toBe(false);
    expect(reads).toHaveLength(1);

    // The first page (rows 1 and 2 of 3): its deleted row goes at once, and the page is read again for the row after it.
    rerender({ page: 0 });
    await waitFor(() => expect(reads).toHaveLength(2));
    act(() => reads[1]!.resolve({ rows: [row('a', 'Van'), row('b', 'Truck')], total: 3 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.applyChanges([{ op: 'delete', id: 'a', deleted: true }]));
    expect(result.current.total).toBe(2);
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(reads[2]!.state.page).toBe(0);
    act(() => reads[2]!.resolve({ rows: [row('b', 'Truck'), row('d', 'Cart')], total: 2 }));
    await waitFor(() => expect(result.current.rows).toEqual([row('b', 'Truck'), row('d', 'Cart')]));

    // A row that only left a live working set is not taken for a deletion: a refresh is offered.
    act(() => result.current.applyChanges([{ op: 'delete', id: 'b' }]));
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.pendingChanges).toBe(true);
  });

  it('reads the page again for its total when a row it never carried is deleted (it may have been within the filter, on another page)', async () => {
    type Row = { id: string; name: string };
    let server = [row('a', 'Van'), row('b', 'Truck'), row('c', 'Bike'), row('d', 'Cart'), row('e', 'Tipper')];
    const reads: ListState[] = [];
    const fetchPage = async (requested: ListState) => {
      reads.push(requested);
      const from = requested.page * requested.pageSize;
      return { rows: server.slice(from, from + requested.pageSize), total: server.length };
    };
    const state: ListState = { page: 1, pageSize: 2, q: '', sort: null, filters: {} };
    const { result } = renderHook(() => useServerList({ queryKey: ['vans'], state, fetchPage, rowKey: (r: Row) => r.id }));
    await waitFor(() => expect(result.current.rows).toEqual([row('c', 'Bike'), row('d', 'Cart')]));
    expect(result.current.total).toBe(5);

    // Row a (page 1) is deleted on another screen: the list carried only c and d.
    server = server.filter((r) => r.id !== 'a');
    act(() => result.current.applyChanges([{ op: 'delete', id: 'a', deleted: true }]));
    await waitFor(() => expect(result.current.total).toBe(4));
    expect(reads).toHaveLength(2);
    expect(reads[1]!.page).toBe(1);
    expect(result.current.rows).toEqual([row('d', 'Cart'), row('e', 'Tipper')]);
    expect(result.current.pendingChanges).toBe(false);
    expect(result.current.news).toBeNull();

    // A deleted row outside the filter: the read says the total did not move.
    act(() => result.current.applyChanges([{ op: 'delete', id: 'elsewhere', deleted: true }]));
    await waitFor(() => expect(reads).toHaveLength(3));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.total).toBe(4);
  });

  it('takes a row deleted while its page was read out of the page the read brings, the total one less', async () => {
    type Row = { id: string; name: string };
    const reads: ((page: ServerPage<Row>) => void)[] = [];
    const fetchPage = () => new Promise<ServerPage<Row>>((resolve) => reads.push(resolve));
    const state: ListState = { page: 1, pageSize: 2, q: '', sort: null, filters: {} };
    const { result } = renderHook(() => useServerList({ queryKey: ['vans'], state, fetchPage, rowKey: (r: Row) => r.id }));
    act(() => reads[0]!({ rows: [row('c', 'Bike')], total: 3 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    // The page is read again; the deletion of its only row arrives before the answer, which was read before it.
    act(() => result.current.refetch());
    await waitFor(() => expect(reads).toHaveLength(2));
    act(() => result.current.applyChanges([{ op: 'delete', id: 'c', deleted: true }]));
    act(() => reads[1]!({ rows: [row('c', 'Bike')], total: 3 }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual([]);
    // 2 rows: the page (the second) is past the end, and DataTable moves back to the first.
    expect(result.current.total).toBe(2);
    expect(reads).toHaveLength(2);
  });
});
