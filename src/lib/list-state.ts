import { z } from 'zod';
import { UUID_PATTERN } from './form-schema';
import type { ServerPage } from './use-server-list';

/**
 * The state of a server-side list (page, page size, sort, search, filters) and its encoding in
 * the URL query string, so a view can be shared and Back works. Framework-free: the wouter hook
 * is in url-state.ts, and a feature's api.ts uses toApiPage/toRange to build its query.
 *
 * In the URL the page is 1-based (`?page=2` is the second page, as people read it); in the state
 * it is zero-based, as the spec's tables count it. Values at their default are left out of the
 * URL, and a value that does not parse falls back to its default: a hand-edited or stale link
 * never breaks the screen.
 */

export type SortDirection = 'asc' | 'desc';

export interface Sort<C extends string = string> {
  column: C;
  direction: SortDirection;
}

export interface ListState<F = Record<string, never>> {
  /** Zero-based. */
  page: number;
  pageSize: number;
  sort: Sort | null;
  q: string;
  filters: F;
}

/** One filter's codec between its URL values (`?status=a&status=b`) and its typed value. */
export interface FilterParam<T> {
  /** The value when the URL has none: what Reset and 'Clear filters' go back to. */
  readonly empty: T;
  /** Never throws: values that do not validate are dropped. */
  parse(values: readonly string[]): T;
  /** An empty array means 'not filtering', and the parameter is left out of the URL. */
  serialize(value: T): string[];
}

function firstValid<T>(schema: z.ZodType<T>, values: readonly string[]): T | undefined {
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** Codecs for the filter parameters a screen declares. */
export const filterParam = {
  /** One value checked by a zod schema on the URL string, e.g. `z.enum(['pending', 'completed'])` or `z.uuid()`. */
  one<T extends string | number>(schema: z.ZodType<T>): FilterParam<T | undefined> {
    return {
      empty: undefined,
      parse: (values) => firstValid(schema, values),
      serialize: (value) => (value === undefined || value === '' ? [] : [String(value)]),
    };
  },
  /** Several values (a multi-select): `?feature=a&feature=b`; invalid ones are dropped, duplicates merged. */
  many<T extends string | number>(schema: z.ZodType<T>): FilterParam<T[]> {
    return {
      empty: [],
      parse: (values) => {
        const result: T[] = [];
        for (const value of values) {
          const parsed = schema.safeParse(value);
          if (parsed.success && !result.includes(parsed.data)) result.push(parsed.data);
        }
        return result;
      },
      serialize: (value) => value.map(String),
    };
  },
  /** `?active=true` / `?active=false`; absent means 'either'. */
  boolean(): FilterParam<boolean | undefined> {
    return {
      empty: undefined,
      parse: (values) => {
        const value = values[0];
        return value === 'true' ? true : value === 'false' ? false : undefined;
      },
      serialize: (value) => (value === undefined ? [] : [String(value)]),
    };
  },
  /** Free text (e.g. a lot number). */
  text(maxLength = 200): FilterParam<string | undefined> {
    return filterParam.one(z.string().trim().min(1).max(maxLength));
  },
  /** A row's id (a warehouse, an item): any uuid shape, as the database's own ids are, not only RFC versions. */
  id(): FilterParam<string | undefined> {
    return filterParam.one(z.string().regex(UUID_PATTERN));
  },
  /** A calendar day, `YYYY-MM-DD` (one end of a date range). */
  day(): FilterParam<string | undefined> {
    return filterParam.one(z.iso.date());
  },
  /** A date range as the filters `from` and `to` (`?from=2026-11-01&to=2026-11-30`), spread into a list's filters. */
  dayRange(): { from: FilterParam<string | undefined>; to: FilterParam<string | undefined> } {
    return { from: filterParam.day(), to: filterParam.day() };
  },
};

export type FilterParams = Record<string, FilterParam<unknown>>;
export type FilterValues<D extends FilterParams> = { [K in keyof D]: D[K] extends FilterParam<infer T> ? T : never };

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];
const MAX_SEARCH_LENGTH = 200;

/** The URL parameters a list owns; filters may not use these names, and other parameters (e.g. `tab`) are kept as they are. */
export const RESERVED_PARAMS = ['page', 'pageSize', 'sort', 'q'] as const;

export interface ListDefinitionOptions<D extends FilterParams, C extends string> {
  filters?: D;
  /** The columns the server may sort by; a `sort` in the URL naming another column is ignored. */
  sortColumns?: readonly C[];
  defaultSort?: Sort<C> | null;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

/** What a screen declares once (module level): its filters, sortable columns and page sizes. */
export interface ListDefinition<F> {
  readonly sortColumns: readonly string[];
  readonly defaultSort: Sort | null;
  readonly pageSizes: readonly number[];
  readonly defaultPageSize: number;
  readonly emptyFilters: F;
  readonly defaultState: ListState<F>;
  /** Reads a query string; never throws. */
  parse(search: string | URLSearchParams): ListState<F>;
  /** Writes the state over `base` (other parameters kept), leaving defaults out. */
  write(state: ListState<F>, base?: string | URLSearchParams): URLSearchParams;
  /** How many filters are set (the drawer button's badge). */
  activeFilterCount(filters: F): number;
}

export function defineList<D extends FilterParams = Record<string, never>, C extends string = string>(
  options: ListDefinitionOptions<D, C> = {},
): ListDefinition<FilterValues<D>> {
  type F = FilterValues<D>;
  const params = (options.filters ?? {}) as D;
  const names = Object.keys(params);
  for (const name of names) {
    if ((RESERVED_PARAMS as readonly string[]).includes(name)) throw new Error(`filter '${name}' clashes with a list parameter`);
  }
  const pageSizes = options.pageSizes ?? PAGE_SIZE_OPTIONS;
  const defaultPageSize = options.defaultPageSize ?? (pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : (pageSizes[0] ?? DEFAULT_PAGE_SIZE));
  if (!pageSizes.includes(defaultPageSize)) throw new Error(`default page size ${defaultPageSize} is not one of the options`);
  const sortColumns: readonly string[] = options.sortColumns ?? [];
  const defaultSort = options.defaultSort ?? null;
  const emptyFilters = Object.fromEntries(names.map((name) => [name, params[name]?.empty])) as F;

  const pageSchema = z.coerce.number().int().min(1).max(1_000_000);
  const sortSchema = z
    .string()
    .regex(/^[^:]+(:(asc|desc))?$/)
    .transform((value): Sort => {
      const [column = '', direction] = value.split(':');
      return { column, direction: direction === 'desc' ? 'desc' : 'asc' };
    })
    .refine((sort) => sortColumns.includes(sort.column));

  const defaultState: ListState<F> = { page: 0, pageSize: defaultPageSize, sort: defaultSort, q: '', filters: emptyFilters };

  function parse(search: string | URLSearchParams): ListState<F> {
    const url = typeof search === 'string' ? new URLSearchParams(search) : search;
    const page = pageSchema.safeParse(url.get('page') ?? undefined);
    const size = Number(url.get('pageSize'));
    const sort = sortSchema.safeParse(url.get('sort') ?? undefined);
    const q = url.get('q') ?? '';
    const filters = Object.fromEntries(names.map((name) => [name, params[name]?.parse(url.getAll(name))])) as F;
    return {
      page: page.success ? page.data - 1 : 0,
      pageSize: pageSizes.includes(size) ? size : defaultPageSize,
      sort: sort.success ? sort.data : defaultSort,
      q: q.slice(0, MAX_SEARCH_LENGTH),
      filters,
    };
  }

  function write(state: ListState<F>, base: string | URLSearchParams = ''): URLSearchParams {
    const url = new URLSearchParams(base);
    for (const name of [...RESERVED_PARAMS, ...names]) url.delete(name);
    if (state.page > 0) url.set('page', String(state.page + 1));
    if (state.pageSize !== defaultPageSize) url.set('pageSize', String(state.pageSize));
    const sortChanged = state.sort?.column !== defaultSort?.column || state.sort?.direction !== defaultSort?.direction;
    if (state.sort && sortChanged) url.set('sort', `${state.sort.column}:${state.sort.direction}`);
    if (state.q) url.set('q', state.q);
    for (const name of names) {
      for (const value of params[name]?.serialize(state.filters[name as keyof F]) ?? []) url.append(name, value);
    }
    return url;
  }

  function activeFilterCount(filters: F): number {
    return names.filter((name) => (params[name]?.serialize(filters[name as keyof F]).length ?? 0) > 0).length;
  }

  return { sortColumns, defaultSort, pageSizes, defaultPageSize, emptyFilters, defaultState, parse, write, activeFilterCount };
}

// ---------------------------------------------------------------------------------------------
// Transitions: every change but paging goes back to the first page, since the old page number
// means nothing under a new search, filter, sort or page size.

export function withPage<F>(state: ListState<F>, page: number): ListState<F> {
  return { ...state, page: Math.max(0, Math.floor(page)) };
}

export function withPageSize<F>(state: ListState<F>, pageSize: number): ListState<F> {
  return { ...state, pageSize, page: 0 };
}

export function withSearch<F>(state: ListState<F>, q: string): ListState<F> {
  return { ...state, q: q.trim().slice(0, MAX_SEARCH_LENGTH), page: 0 };
}

export function withFilters<F>(state: ListState<F>, filters: F): ListState<F> {
  return { ...state, filters, page: 0 };
}

/** A header click: a new column sorts ascending, the sorted column flips direction. */
export function withSortToggled<F>(state: ListState<F>, column: string): ListState<F> {
  const direction: SortDirection = state.sort?.column === column && state.sort.direction === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: { column, direction }, page: 0 };
}

// ---------------------------------------------------------------------------------------------
// To the server.

/** The API's page number where the API counts from 1: the spec's 'zero-based UI page sent as page+1'. */
export function toApiPage(uiPage: number): number {
  return uiPage + 1;
}

/** The inclusive row range of supabase-js `.range(from, to)` for the state's page. */
export function toRange(state: Pick<ListState<unknown>, 'page' | 'pageSize'>): { from: number; to: number } {
  const from = state.page * state.pageSize;
  return { from, to: from + state.pageSize - 1 };
}

/**
 * A page read with count=planned and one row past its end (`.range(from, to + 1)`), for lists too
 * big to count: when nothing follows, this is the last page and its total is exact; otherwise the
 * total is the planner's estimate, at least one row past this page, and says so.
 */
export function pageWithPlannedTotal<T>(fetched: readonly T[], from: number, pageSize: number, planned: number | null): ServerPage<T> {
  if (fetched.length <= pageSize) return { rows: fetched, total: from + fetched.length };
  return { rows: fetched.slice(0, pageSize), total: Math.max(planned ?? 0, from + pageSize + 1), approximate: true };
}

/** The last zero-based page for a total (0 when there are no rows). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}
