import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineList, filterParam, lastPage, pageWithPlannedTotal, toApiPage, toRange, withFilters, withPage, withPageSize, withSearch, withSortToggled } from './list-state';

const list = defineList({
  filters: {
    status: filterParam.one(z.enum(['pending', 'completed'])),
    feature: filterParam.many(z.enum(['gps', 'lift', 'cold'])),
    active: filterParam.boolean(),
  },
  sortColumns: ['name', 'created_at'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});

describe('list state in the URL', () => {
  it('reads the defaults from an empty query', () => {
    expect(list.parse('')).toEqual({
      page: 0,
      pageSize: 25,
      sort: { column: 'created_at', direction: 'desc' },
      q: '',
      filters: { status: undefined, feature: [], active: undefined },
    });
  });

  it('round-trips every part, with the page 1-based in the URL', () => {
    const state = {
      page: 2,
      pageSize: 50,
      sort: { column: 'name', direction: 'asc' as const },
      q: 'truck 7',
      filters: { status: 'pending' as const, feature: ['gps' as const, 'cold' as const], active: false },
    };
    const url = list.write(state);
    expect(url.get('page')).toBe('3');
    expect(url.getAll('feature')).toEqual(['gps', 'cold']);
    expect(list.parse(url.toString())).toEqual(state);
  });

  it('leaves defaults out and keeps parameters it does not own', () => {
    expect(list.write(list.defaultState, 'tab=profile&page=4').toString()).toBe('tab=profile');
  });

  it('falls back to defaults for bad values instead of throwing', () => {
    const state = list.parse('page=-3&pageSize=7&sort=password:asc&status=nope&feature=gps&feature=x&feature=gps&active=maybe');
    expect(state.page).toBe(0);
    expect(state.pageSize).toBe(25);
    expect(state.sort).toEqual({ column: 'created_at', direction: 'desc' });
    expect(state.filters).toEqual({ status: undefined, feature: ['gps'], active: undefined });
    expect(list.parse('page=abc&sort=name:sideways').page).toBe(0);
    expect(list.parse('page=2.5').page).toBe(0);
    expect(list.parse('sort=name').sort).toEqual({ column: 'name', direction: 'asc' });
  });

  it('counts active filters', () => {
    expect(list.activeFilterCount({ status: 'pending', feature: [], active: false })).toBe(2);
    expect(list.activeFilterCount(list.emptyFilters)).toBe(0);
  });

  it('refuses a filter named like a list parameter and a default page size outside the options', () => {
    expect(() => defineList({ filters: { page: filterParam.text() } })).toThrow(/clashes/);
    expect(() => defineList({ pageSizes: [5, 10], defaultPageSize: 25 })).toThrow(/page size/);
    expect(defineList({ pageSizes: [5, 10, 25] }).defaultPageSize).toBe(25);
  });
});

describe('filter codecs', () => {
  it('takes any uuid shape as an id (the database’s own ids, not only RFC versions), and drops what is not one', () => {
    const id = filterParam.id();
    expect(id.parse(['00000000-0000-0000-0000-0000000000A1'])).toBe('00000000-0000-0000-0000-0000000000A1');
    expect(id.parse(['w1', '7c9e6679-7425-40de-944b-e07fc1f90ae7'])).toBe('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(id.parse(['not-an-id'])).toBeUndefined();
    expect(id.serialize(undefined)).toEqual([]);
  });

  it('takes a real calendar day, YYYY-MM-DD', () => {
    const day = filterParam.day();
    expect(day.parse(['2026-12-04'])).toBe('2026-12-04');
    expect(day.parse(['2026-02-30'])).toBeUndefined();
    expect(day.parse(['04/12/2026'])).toBeUndefined();
    expect(day.serialize('2026-12-04')).toEqual(['2026-12-04']);
  });

  it('spreads a date range into a list as its from and to days', () => {
    const ranged = defineList({ filters: { ...filterParam.dayRange() } });
    expect(ranged.parse('from=2026-11-01&to=2026-11-31').filters).toEqual({ from: '2026-11-01', to: undefined });
    expect(ranged.write({ ...ranged.defaultState, filters: { from: undefined, to: '2026-11-30' } }).toString()).toBe('to=2026-11-30');
  });
});

describe('transitions', () => {
  const onPage3 = withPage(list.defaultState, 3);
  it('goes back to the first page on search, filters, sort and page size', () => {
    expect(withSearch(onPage3, '  van ')).toMatchObject({ q: 'van', page: 0 });
    expect(withFilters(onPage3, { ...list.emptyFilters, active: true }).page).toBe(0);
    expect(withPageSize(onPage3, 100)).toMatchObject({ pageSize: 100, page: 0 });
    expect(withSortToggled(onPage3, 'name').page).toBe(0);
  });

  it('sorts a new column ascending and flips the sorted one', () => {
    const byName = withSortToggled(list.defaultState, 'name');
    expect(byName.sort).toEqual({ column: 'name', direction: 'asc' });
    expect(withSortToggled(byName, 'name').sort).toEqual({ column: 'name', direction: 'desc' });
    expect(withSortToggled(withSortToggled(byName, 'name'), 'name').sort).toEqual({ column: 'name', direction: 'asc' });
  });
});

describe('to the server', () => {
  it('sends the zero-based UI page as page + 1', () => {
    expect(toApiPage(0)).toBe(1);
    expect(toApiPage(4)).toBe(5);
  });

  it('gives supabase-js an inclusive range', () => {
    expect(toRange({ page: 0, pageSize: 25 })).toEqual({ from: 0, to: 24 });
    expect(toRange({ page: 2, pageSize: 10 })).toEqual({ from: 20, to: 29 });
  });

  it('knows the last page', () => {
    expect(lastPage(0, 25)).toBe(0);
    expect(lastPage(25, 25)).toBe(0);
    expect(lastPage(26, 25)).toBe(1);
  });
});

describe('a page with a planned total', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('is exact on the last page, whatever the planner guessed', () => {
    expect(pageWithPlannedTotal(rows(7), 50, 25, 900)).toEqual({ rows: rows(7), total: 57 });
    expect(pageWithPlannedTotal(rows(25), 0, 25, 3)).toEqual({ rows: rows(25), total: 25 });
    expect(pageWithPlannedTotal([], 0, 25, 12)).toEqual({ rows: [], total: 0 });
  });

  it('drops the probe row and keeps the estimate, at least one row past the page, marked approximate', () => {
    expect(pageWithPlannedTotal(rows(26), 0, 25, 8260)).toEqual({ rows: rows(25), total: 8260, approximate: true });
    expect(pageWithPlannedTotal(rows(26), 100, 25, 40)).toEqual({ rows: rows(25), total: 126, approximate: true });
    expect(pageWithPlannedTotal(rows(26), 0, 25, null)).toEqual({ rows: rows(25), total: 26, approximate: true });
  });
});
