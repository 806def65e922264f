// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSource } from '../lib/realtime';
import type { ListChange, ServerList } from '../lib/use-server-list';
import { useLiveCollectionList } from './ServerListPage';

type TableRow = { id: string; status: string };
type ViewRow = TableRow & { customer: string };

const snapshot = vi.hoisted(() => ({ current: { rows: new Map(), deleted: new Set(), state: 'live', fetching: false, error: null, refetch: () => {} } as Record<string, unknown> }));
vi.mock('../lib/use-live-collection', () => ({ useLiveCollection: () => snapshot.current }));

const source = {} as LiveSource<TableRow>;
const shown: ViewRow[] = [{ id: 'a', status: 'open', customer: 'Ada' }];

function listWith(applyChanges: (changes: readonly ListChange<ViewRow>[]) => void): ServerList<ViewRow> {
  return { rows: shown, applyChanges } as unknown as ServerList<ViewRow>;
}

function settle(rows: TableRow[]) {
  snapshot.current = { ...snapshot.current, rows: new Map(rows.map((row) => [row.id, row])) };
}

describe('useLiveCollectionList', () => {
  it("hands a settled change of the table to the list as the view's rows, and answers the connection's state", () => {
    const applyChanges = vi.fn();
    settle([{ id: 'a', status: 'open' }]);
    const { result, rerender } = renderHook(() => useLiveCollectionList(source, 't1', listWith(applyChanges)));
    expect(result.current).toBe('live');
    expect(applyChanges).not.toHaveBeenCalled();
    settle([{ id: 'a', status: 'closed' }]);
    rerender();
    expect(applyChanges).toHaveBeenCalledWith([{ op: 'update', row: { id: 'a', status: 'closed' } }]);
  });

  it('maps the changes with the rows on the page when told how', () => {
    const applyChanges = vi.fn();
    const toRows = (changes: ListChange<TableRow>[], rows: readonly ViewRow[]): ListChange<ViewRow>[] =>
      changes.map((c) => (c.op === 'delete' ? c : { op: c.op, row: { ...c.row, customer: rows.find((r) => r.id === c.row.id)?.customer ?? '?' } }));
    settle([{ id: 'a', status: 'open' }]);
    const { rerender } = renderHook(() => useLiveCollectionList(source, 't1', listWith(applyChanges), toRows));
    settle([{ id: 'a', status: 'closed' }]);
    rerender();
    expect(applyChanges).toHaveBeenCalledWith([{ op: 'update', row: { id: 'a', status: 'closed', customer: 'Ada' } }]);
  });
});
