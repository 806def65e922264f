// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { z } from 'zod';
import { applyLanguage } from '../../lib/i18n/catalogue';
import { defineList, filterParam, toApiPage, type ListState } from '../../lib/list-state';
import { useListUrlState } from '../../lib/url-state';
import { useServerList, type ListChange, type ServerPage } from '../../lib/use-server-list';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
import { FilterSelect } from './FilterSelect';
import { LiveAnnouncer } from '../LiveAnnouncer';
import type { MenuAction as RowAction } from '../Menu';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A location with a real history stack, so Back can be tested (wouter's memoryLocation has none). */
function historyLocation(initial: string) {
  let entries = [initial];
  let index = 0;
  let listeners: (() => void)[] = [];
  const emit = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners = [...listeners, listener];
    return () => {
      listeners = listeners.filter((other) => other !== listener);
    };
  };
  const current = () => entries[index] ?? '/';
  const navigate = (to: string, options?: { replace?: boolean }) => {
    if (options?.replace) entries[index] = to;
    else {
      entries = [...entries.slice(0, index + 1), to];
      index += 1;
    }
    emit();
  };
  function useHistoryLocation(): [string, typeof navigate] {
    return [useSyncExternalStore(subscribe, () => current().split('?')[0] ?? '/'), navigate];
  }
  function useHistorySearch(): string {
    return useSyncExternalStore(subscribe, () => current().split('?')[1] ?? '');
  }
  return {
    hook: useHistoryLocation,
    searchHook: useHistorySearch,
    back: () => {
      index = Math.max(0, index - 1);
      emit();
    },
    get url() {
      return current();
    },
    get length() {
      return entries.length;
    },
  };
}

interface Vehicle {
  id: string;
  name: string;
  status: 'active' | 'inactive';
}

const vehicles = defineList({
  filters: { status: filterParam.one(z.enum(['active', 'inactive'])) },
  sortColumns: ['name'],
  pageSizes: [10, 25, 50, 100, 500],
});

const columns: DataTableColumn<Vehicle>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortable: true },
  { id: 'status', header: 'Status', cell: (row) => row.status, hideBelow: 'sm' },
];

const TOTAL = 60;

function pageOf(state: ListState<{ status: 'active' | 'inactive' | undefined }>, total = TOTAL): ServerPage<Vehicle> {
  const start = state.page * state.pageSize;
  const rows = Array.from({ length: Math.max(0, Math.min(state.pageSize, total - start)) }, (_, index) => ({
    id: `v${start + index + 1}`,
    name: `Vehicle ${start + index + 1}`,
    status: 'active' as const,
  }));
  return { rows, total };
}

type Fetch = (state: ListState<{ status: 'active' | 'inactive' | undefined }>, context: { signal: AbortSignal }) => Promise<ServerPage<Vehicle>>;

/** The mounted list's live entry points, standing in for the live feed, and its own reload. */
const live: { applyChanges: (changes: ListChange<Vehicle>[]) => void; refetchLive: () => void; refetch: () => void } = {
  applyChanges: () => {},
  refetchLive: () => {},
  refetch: () => {},
};

type VehicleFilterFields = DataTableProps<Vehicle, { status: 'active' | 'inactive' | undefined }>['filterFields'];

/** The drawer's one control, bound by hand to the draft and its setter. */
const statusByDraft: VehicleFilterFields = ({ draft, setDraft }) => (
  <label>
    Status
    <select value={draft.status ?? ''} onChange={(event) => setDraft({ ...draft, status: (event.target.value || undefined) as 'active' | undefined })}>
      <option value="">Any</option>
      <option value="active">Active</option>
      <option value="inactive">Inactive</option>
    </select>
  </label>
);

function VehicleList({ fetchPage, rowActions, filterFields = statusByDraft }: { fetchPage: Fetch; rowActions?: (row: Vehicle) => RowAction[]; filterFields?: VehicleFilterFields }) {
  const table = useListUrlState(vehicles);
  const list = useServerList({ queryKey: ['vehicles', 't1'], state: table.state, fetchPage, rowKey: (row: Vehicle) => row.id });
  useEffect(() => {
    live.applyChanges = list.applyChanges;
    live.refetchLive = list.refetchLive;
    live.refetch = list.refetch;
  });
  return (
    <DataTable
      label="Vehicles"
      columns={columns}
      {...table}
      {...list.tableProps}
      rowActions={rowActions}
      rowLabel={(row) => row.name}
      liveState="live"
      toolbar={<button type="button">Add vehicle</button>}
      filterFields={filterFields}
    />
  );
}

function setup(initial = '/vehicles', fetchPage: Fetch = async (state) => pageOf(state), rowActions?: (row: Vehicle) => RowAction[], filterFields?: VehicleFilterFields) {
  const location = historyLocation(initial);
  const fetchSpy = vi.fn(fetchPage);
  const user = userEvent.setup();
  render(
    <LiveAnnouncer>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {/* A language switched to in a test loads its words first. */}
        <Suspense fallback="loading">
          <VehicleList fetchPage={fetchSpy} rowActions={rowActions} filterFields={filterFields} />
        </Suspense>
      </Router>
    </LiveAnnouncer>,
  );
  return { location, fetchSpy, user, lastState: () => fetchSpy.mock.lastCall?.[0] };
}

const dataRows = () => screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0 && !row.hasAttribute('data-skeleton'));

describe('DataTable URL state', () => {
  it('reads page, size, sort, search and filters from the URL and sends the page as page + 1', async () => {
    const { fetchSpy, lastState } = setup('/vehicles?page=2&pageSize=10&sort=name:desc&q=van&status=inactive');
    await screen.findByText('Vehicle 11');
    expect(lastState()).toEqual({ page: 1, pageSize: 10, sort: { column: 'name', direction: 'desc' }, q: 'van', filters: { status: 'inactive' } });
    expect(toApiPage(fetchSpy.mock.lastCall![0].page)).toBe(2);
    expect(screen.getByRole('searchbox')).toHaveValue('van');
    expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'descending');
  });

  it('falls back to defaults for a bad URL', async () => {
    const { lastState } = setup('/vehicles?page=zero&pageSize=13&sort=secret:asc&status=gone');
    await screen.findByText('Vehicle 1');
    expect(lastState()).toEqual({ page: 0, pageSize: 25, sort: null, q: '', filters: { status: undefined } });
  });

  it('pages forward with a history entry, and Back returns', async () => {
    const { location, user, lastState } = setup();
    await screen.findByText('Vehicle 1');
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Vehicle 26');
    expect(location.url).toBe('/vehicles?page=2');
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Vehicle 60');
    expect(location.url).toBe('/vehicles?page=3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    act(() => location.back());
    await screen.findByText('Vehicle 26');
    expect(lastState()?.page).toBe(1);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(location.url).toBe('/vehicles');
  });

  it('changes the page size and goes back to the first page', async () => {
    const { location, user } = setup('/vehicles?page=2');
    await screen.findByText('Vehicle 26');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(location.url).toBe('/vehicles?pageSize=50');
    await screen.findByText('Vehicle 50');
    expect(screen.getByText('1–50 of 60')).toBeInTheDocument();
  });

  it('toggles the sort from the header, and Back undoes it', async () => {
    const { location, user } = setup();
    await screen.findByText('Vehicle 1');
    const header = screen.getByRole('columnheader', { name: /name/i });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(location.url).toBe('/vehicles?sort=name%3Aasc');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(location.url).toBe('/vehicles?sort=name%3Adesc');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    act(() => location.back());
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('debounces search by 500 ms, replaces the history entry and resets the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location, fetchSpy } = setup('/vehicles?page=3');
    await screen.findByText('Vehicle 51');
    const entries = location.length;
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'tr' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'truck' } });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(location.url).toBe('/vehicles?page=3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(location.url).toBe('/vehicles?q=truck');
    expect(location.length).toBe(entries);
    await waitFor(() => expect(fetchSpy.mock.lastCall?.[0]).toMatchObject({ q: 'truck', page: 0 }));
    expect(fetchSpy.mock.calls.filter(([state]) => state.q === 'tr')).toHaveLength(0);
  });

  it('drops a pending search once the browser has left the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = setup('/vehicles?page=3');
    await screen.findByText('Vehicle 51');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'truck' } });
    // The user follows a link before the debounce ends; the old page is still mounted (a lazy page loading).
    const before = window.location.pathname;
    window.history.pushState(null, '', '/vehicles/create');
    try {
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(location.url).toBe('/vehicles?page=3');
    } finally {
      window.history.pushState(null, '', before);
    }
  });

  it('applies and resets filters from the drawer', async () => {
    const { location, user, lastState } = setup('/vehicles?page=2');
    await screen.findByText('Vehicle 26');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location.url).toBe('/vehicles?status=inactive');
    await waitFor(() => expect(lastState()).toMatchObject({ page: 0, filters: { status: 'inactive' } }));
    expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (1 active)' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(location.url).toBe('/vehicles');
  });

  it('binds a control to one filter by name through field, showing the applied value when the drawer opens again', async () => {
    const statusOptions = [
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ];
    const byField: VehicleFilterFields = ({ field }) => <FilterSelect label="Status" options={statusOptions} {...field('status')} />;
    const { location, user, lastState } = setup('/vehicles', undefined, undefined, byField);
    await screen.findByText('Vehicle 1');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location.url).toBe('/vehicles?status=inactive');
    await waitFor(() => expect(lastState()).toMatchObject({ page: 0, filters: { status: 'inactive' } }));
    await user.click(screen.getByRole('button', { name: 'Filters (1 active)' }));
    expect(screen.getByLabelText('Status')).toHaveValue('inactive');
  });
});

describe('DataTable states', () => {
  it('shows a page of skeleton rows while the first page loads', () => {
    setup('/vehicles?pageSize=10', () => new Promise(() => {}));
    expect(document.querySelectorAll('tr[data-skeleton]')).toHaveLength(10);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the empty state, with Clear filters when filters are set', async () => {
    const { location, user } = setup('/vehicles?status=inactive&q=x', async () => ({ rows: [], total: 0 }));
    await screen.findByText('No records found');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.url).toBe('/vehicles');
  });

  it('shows an error with Retry that reads the page again', async () => {
    let fail = true;
    const { user, fetchSpy } = setup('/vehicles', async (state) => {
      if (fail) throw new Error('Network down');
      return pageOf(state);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Vehicle 1');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("words a read the server refused by key (PostgREST's plain error, not an Error), and keeps an unkeyed one's words", async () => {
    let refusal: unknown = {
      code: '23514',
      message: 'Validation failed',
      details: JSON.stringify([{ key: 'assignments.limit_range', field: 'limit', message: 'Limit must be from 1 to 100', params: { min: 1, max: 100 } }]),
      hint: null,
    };
    await act(() => applyLanguage('es'));
    try {
      let user!: ReturnType<typeof setup>['user'];
      await act(async () => {
        ({ user } = setup('/vehicles', async () => {
          throw refusal;
        }));
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('El límite debe estar entre 1 y 100');
      refusal = { code: 'PGRST301', message: 'JWT expired', details: null, hint: null };
      await user.click(screen.getByRole('button', { name: 'Reintentar' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('JWT expired'));
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('keeps the previous page on screen, dimmed, while the next loads', async () => {
    let release: () => void = () => {};
    const { user } = setup('/vehicles', (state) =>
      state.page === 0 ? Promise.resolve(pageOf(state)) : new Promise((resolve) => (release = () => resolve(pageOf(state)))),
    );
    await screen.findByText('Vehicle 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Vehicle 1')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    await screen.findByText('Vehicle 26');
  });

  it('moves a page past the end to the last page', async () => {
    const { location } = setup('/vehicles?page=9');
    await waitFor(() => expect(location.url).toBe('/vehicles?page=3'));
    await screen.findByText('Vehicle 60');
  });

  it('renders only a window of a long page', async () => {
    // jsdom lays nothing out: give the scrolling box a viewport's height.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
    setup('/vehicles?pageSize=500', async (state) => pageOf(state, 1000));
    // 500 rows through the table's first render: beyond findBy's one second on a busy 2-core machine (3.7 s seen).
    await screen.findByText('Vehicle 1', {}, { timeout: 10_000 });
    const shown = dataRows().length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    expect(screen.queryByText('Vehicle 400')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '501');
  });
});

describe('DataTable row actions', () => {
  it('offers a row menu whose disabled action says why and does nothing', async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const { user } = setup('/vehicles', undefined, () => [
      { label: 'Edit', onSelect: edit, disabled: true, reason: 'Only pending vehicles can be edited' },
      { label: 'Delete', onSelect: remove, destructive: true },
    ]);
    await screen.findByText('Vehicle 1');
    await user.click(screen.getByRole('button', { name: 'Actions for Vehicle 1' }));
    const item = await screen.findByRole('menuitem', { name: /Edit/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAccessibleDescription('Only pending vehicles can be edited');
    expect(item).toHaveAttribute('title', 'Only pending vehicles can be edited');
    await user.click(item);
    expect(edit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledOnce();
  });
});

describe('DataTable live changes', () => {
  it('patches an updated row in place with a highlight', async () => {
    setup();
    await screen.findByText('Vehicle 1');
    act(() => live.applyChanges([{ op: 'update', row: { id: 'v2', name: 'Renamed van', status: 'inactive' } }]));
    const row = screen.getByText('Renamed van').closest('tr');
    expect(row).toHaveAttribute('data-changed', 'true');
    expect(screen.queryByText('New changes')).not.toBeInTheDocument();
  });

  it('offers a refresh after an insert or delete, and Refresh reads the page again', async () => {
    const { user, fetchSpy } = setup();
    await screen.findByText('Vehicle 1');
    act(() => live.applyChanges([{ op: 'insert', row: { id: 'v99', name: 'New truck', status: 'active' } }]));
    expect(screen.getByText('New changes')).toBeInTheDocument();
    expect(screen.queryByText('New truck')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('New changes')).not.toBeInTheDocument());
  });
  it('moves back to the new last page, replacing the history entry, when the only row of the last page is deleted live', async () => {
    let total = 51;
    const { location, fetchSpy } = setup('/vehicles?page=3', async (state) => pageOf(state, total));
    await screen.findByText('Vehicle 51');
    const entries = location.length;
    total = 50;
    act(() => live.applyChanges([{ op: 'delete', id: 'v51', deleted: true }]));
    await waitFor(() => expect(location.url).toBe('/vehicles?page=2'));
    expect(location.length).toBe(entries);
    await screen.findByText('Vehicle 50');
    expect(screen.getByText('26–50 of 50')).toBeInTheDocument();
    expect(fetchSpy.mock.lastCall?.[0].page).toBe(1);
  });

  it('reads the total again when a row of another page is deleted live, and moves back when that empties the last page', async () => {
    let total = 51;
    const { location } = setup('/vehicles?page=3', async (state) => pageOf(state, total));
    await screen.findByText('Vehicle 51');
    expect(screen.getByText('51–51 of 51')).toBeInTheDocument();
    const entries = location.length;
    // v1, on the first page, is deleted on another screen: every later row moves up one.
    total = 50;
    act(() => live.applyChanges([{ op: 'delete', id: 'v1', deleted: true }]));
    await waitFor(() => expect(location.url).toBe('/vehicles?page=2'));
    expect(location.length).toBe(entries);
    await screen.findByText('26–50 of 50');
    expect(screen.queryByText('New changes')).not.toBeInTheDocument();
  });
});

describe('DataTable live news', () => {
  const region = () => screen.getByTestId('live-announcer');

  it('says politely, once each, a status that moved and rows a live re-read brings; not the first read, the user’s reload or paging', async () => {
    let arrivals: Vehicle[] = [];
    const { user } = setup('/vehicles', async (state) => {
      const page = pageOf(state);
      return state.page === 0 ? { rows: [...arrivals, ...page.rows], total: page.total + arrivals.length } : page;
    });
    await screen.findByText('Vehicle 1');
    expect(region()).toHaveTextContent(/^$/);
    const focused = screen.getByRole('button', { name: 'Add vehicle' });
    focused.focus();

    act(() => live.applyChanges([{ op: 'update', row: { id: 'v2', name: 'Vehicle 2', status: 'inactive' } }]));
    expect(region()).toHaveTextContent('Vehicle 2 is now Inactive.');
    const said = region().firstElementChild;
    // The same status again is no news; nor is a change to a row off the page.
    act(() => live.applyChanges([{ op: 'update', row: { id: 'v2', name: 'Van two', status: 'inactive' } }]));
    act(() => live.applyChanges([{ op: 'update', row: { id: 'v90', name: 'Elsewhere', status: 'inactive' } }]));
    expect(region().firstElementChild).toBe(said);

    arrivals = [{ id: 'n1', name: 'New truck', status: 'active' }];
    act(() => live.refetchLive());
    await screen.findByText('New truck');
    await waitFor(() => expect(region()).toHaveTextContent('New in Vehicles: New truck.'));
    const second = region().firstElementChild;

    expect(focused).toHaveFocus();

    arrivals = [{ id: 'n2', name: 'My own van', status: 'active' }, ...arrivals];
    act(() => live.refetch());
    await screen.findByText('My own van');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Vehicle 26');
    expect(region().firstElementChild).toBe(second);
  });
});

describe('DataTable live news of the user’s own change', () => {
  const region = () => screen.getByTestId('live-announcer');

  it('does not say a change of a row the user acted on from its menu; says another row’s, and that row’s again after a while', async () => {
    const deactivated: string[] = [];
    const { user } = setup('/vehicles', async (state) => pageOf(state), (row) => [{ label: 'Deactivate', onSelect: () => deactivated.push(row.id) }]);
    await screen.findByText('Vehicle 1');
    await user.click(screen.getByRole('button', { name: 'Actions for Vehicle 3' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    expect(deactivated).toEqual(['v3']);

    // The write's echo through the live feed: the user's own change, their action's toast says it.
    act(() => live.applyChanges([{ op: 'update', row: { id: 'v3', name: 'Vehicle 3', status: 'inactive' } }]));
    expect(screen.getByText('Vehicle 3').closest('tr')).toHaveAttribute('data-changed');
    expect(region()).toHaveTextContent(/^$/);
    // Someone else's change of another row is news.
    act(() => live.applyChanges([{ op: 'update', row: { id: 'v4', name: 'Vehicle 4', status: 'inactive' } }]));
    expect(region()).toHaveTextContent('Vehicle 4 is now Inactive.');
    // Long after the action, a change of that row is someone else's again.
    const later = Date.now() + 31_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      act(() => live.applyChanges([{ op: 'update', row: { id: 'v3', name: 'Vehicle 3', status: 'active' } }]));
      expect(region()).toHaveTextContent('Vehicle 3 is now Active.');
    } finally {
      clock.mockRestore();
    }
  });
});

describe('useServerList', () => {
  it('ignores a stale response that arrives after a newer one, and aborts it', async () => {
    const pending: { state: ListState<{ status: 'active' | 'inactive' | undefined }>; signal: AbortSignal; resolve: (page: ServerPage<Vehicle>) => void }[] = [];
    const { user } = setup('/vehicles', (state, { signal }) => new Promise((resolve) => pending.push({ state, signal, resolve })));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!.resolve(pageOf(pending[0]!.state)));
    await screen.findByText('Vehicle 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pending).toHaveLength(3));
    expect(pending[1]!.signal.aborted).toBe(true);
    act(() => pending[2]!.resolve(pageOf(pending[2]!.state)));
    await screen.findByText('Vehicle 51');
    act(() => pending[1]!.resolve(pageOf(pending[1]!.state)));
    await act(async () => {});
    expect(screen.getByText('Vehicle 51')).toBeInTheDocument();
    expect(screen.queryByText('Vehicle 26')).not.toBeInTheDocument();
  });
});
