import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { lastPage, withFilters, withPage, withPageSize, withSearch, withSortToggled, type ListDefinition, type ListState } from '../../lib/list-state';
import type { ConnectionState } from '../../lib/realtime';
import { keyedRefusalText } from '../../lib/refusal-text';
import { useServerWords } from '../../lib/server-messages/server-words';
import type { ListStateChange } from '../../lib/url-state';
import type { ListNews } from '../../lib/use-server-list';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { ErrorState } from '../ErrorState';
import { iconButtonClassName } from '../IconButton';
import { FilterIcon, SortIcon } from '../icons';
import { useAnnounce } from '../LiveAnnouncer';
import { LiveIndicator } from '../LiveIndicator';
import { Menu, type MenuAction } from '../Menu';
import { ScrollBox } from '../ScrollBox';
import { Skeleton } from '../Skeleton';
import { FilterDrawer } from './FilterDrawer';
import { Pagination } from './Pagination';
import { newsSentence } from './news';
import { SearchBox } from './SearchBox';
import { filterField, type FilterFieldsArgs } from './filter-field';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

export interface DataTableColumn<Row> {
  /** Also the sort column sent to the server when `sortable` (it must be in the definition's sortColumns). */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** A CSS width, e.g. '12rem'. */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /** Hide the column below this breakpoint: keep the identifying columns, drop the detail on phones. */
  hideBelow?: 'sm' | 'md' | 'lg';
}

export interface DataTableProps<Row, F> {
  /** The table's accessible name (its caption), e.g. 'Vehicles'. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  total: number;
  /** The total is an estimate: 'of about N'. */
  totalIsApproximate?: boolean;
  loading: boolean;
  error?: Error | null;
  onRetry?: () => void;
  state: ListState<F>;
  onStateChange: ListStateChange<F>;
  definition: ListDefinition<F>;
  rowKey: (row: Row) => string;
  rowActions?: (row: Row) => readonly MenuAction[];
  /** Names a row for its action menu ('Actions for Truck 7') and in the list's live news ('Truck 7 is now Active'). */
  rowLabel?: (row: Row) => string;
  /** Buttons at the right of the toolbar (Add …). */
  toolbar?: ReactNode;
  searchable?: boolean;
  searchPlaceholder?: string;
  /** The screen's filter fields, bound to a draft that Apply writes to the URL (`field('status')` binds a control to one filter of it). */
  filterFields?: (args: FilterFieldsArgs<F>) => ReactNode;
  emptyMessage?: string;
  liveState?: ConnectionState;
  /** Rows patched in place by a live change: highlighted briefly. */
  changedIds?: ReadonlySet<string>;
  /** Live changes may have changed the page's order or membership: offer a refresh. */
  pendingChanges?: boolean;
  onRefresh?: () => void;
  /** What a live change brought (useServerList's): said once, politely, through the LiveAnnouncer. */
  news?: ListNews<Row> | null;
  /** Pages longer than this render only the rows in view. */
  virtualizeAbove?: number;
  estimatedRowHeight?: number;
}

const alignClass = { start: 'text-left', center: 'text-center', end: 'text-right' } as const;
const hideClass = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell' } as const;

function cellClass(column: { align?: 'start' | 'center' | 'end' | undefined; hideBelow?: 'sm' | 'md' | 'lg' | undefined }): string {
  return `${alignClass[column.align ?? 'start']} ${column.hideBelow ? hideClass[column.hideBelow] : ''}`;
}

interface VirtualRowsProps {
  count: number;
  /** State, not a ref: this component's layout effects run before its ancestor's ref is attached. */
  scrollElement: HTMLDivElement | null;
  estimatedRowHeight: number;
  renderRow: (index: number, measure: (node: Element | null) => void) => ReactNode;
}

/** The rows in view of a long page, between two spacer rows that keep the scroll height true. */
function VirtualRows({ count, scrollElement, estimatedRowHeight, renderRow }: VirtualRowsProps) {
  // The React Compiler is not in the build; the virtualizer re-renders this component through its own state on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
      {items.map((item) => renderRow(item.index, virtualizer.measureElement))}
      {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
    </>
  );
}

/**
 * A server-side list: search, filters, sort and page live in the URL (useListUrlState), rows come
 * from the server (useServerList). Every state is drawn: skeleton rows, empty (with a way out of
 * the filters), error with Retry, the previous page dimmed while the next loads.
 */
export function DataTable<Row, F>(props: DataTableProps<Row, F>) {
  const {
    label,
    columns,
    rows,
    total,
    totalIsApproximate = false,
    loading,
    error = null,
    onRetry,
    state,
    onStateChange,
    definition,
    rowKey,
    rowActions,
    rowLabel,
    toolbar,
    searchable = true,
    searchPlaceholder,
    filterFields,
    emptyMessage: emptyMessageGiven,
    liveState,
    changedIds,
    pendingChanges = false,
    onRefresh,
    news = null,
    virtualizeAbove = 100,
    estimatedRowHeight = 53,
  } = props;

  const t = useT(uiMessages);
  // A refused read (a page or limit the server will not serve) in the user's language when the server keyed it.
  const serverWords = useServerWords();
  const emptyMessage = emptyMessageGiven ?? t('table.noRecords');
  // The rows the user acted on from their menu, and when: the live feed bringing their own change back is not news.
  // One registry for the table's life, written by menu picks and read by the news: it never renders anything.
  const [ownChanges] = useState(() => new Map<string, number>());
  useNewsAnnounced(news, label, rowLabel, t, rowKey, ownChanges);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [draft, setDraft] = useState(state.filters);
  const activeFilters = definition.activeFilterCount(state.filters);
  const narrowed = activeFilters > 0 || state.q !== '';

  // A page past the end (a shared link after deletions, a hand-typed ?page=99) moves to the last one.
  const last = lastPage(total, state.pageSize);
  useEffect(() => {
    if (!loading && !error && state.page > last) onStateChange(withPage(state, last), { replace: true });
  }, [loading, error, state, last, onStateChange]);

  // A table wider (or, virtualized, taller) than its box scrolls inside it, never the page.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const virtual = rows.length > virtualizeAbove && !error;

  const columnCount = columns.length + (rowActions ? 1 : 0);
  const showSkeleton = loading && rows.length === 0 && !error;

  function renderRow(row: Row, index: number, measure?: (node: Element | null) => void) {
    const key = rowKey(row);
    const changed = changedIds?.has(key) ?? false;
    return (
      <tr
        key={key}
        ref={measure}
        data-index={index}
        aria-rowindex={virtual ? index + 2 : undefined}
        data-changed={changed || undefined}
        className={
          'border-t border-slate-200 transition-colors duration-700 dark:border-slate-800 ' +
          (changed ? 'bg-brand/15' : 'hover:bg-slate-50 dark:hover:bg-slate-800/50')
        }
      >
        {columns.map((column) => (
          <td key={column.id} className={`px-4 py-3 align-middle ${cellClass(column)}`}>
            {column.cell(row)}
          </td>
        ))}
        {rowActions && (
          <td className="w-12 px-2 py-1 text-right">
            <Menu items={ownActions(rowActions(row), () => ownChanges.set(key, Date.now()))} label={rowLabel ? t('table.actionsFor', { row: rowLabel(row) }) : t('table.rowActions')} buttonClassName={`${iconButtonClassName} size-8`} />
          </td>
        )}
      </tr>
    );
  }

  function renderBody(): ReactNode {
    if (error && !loading) {
      return (
        <tr>
          <td colSpan={columnCount}>
            <ErrorState title={t('table.couldNotLoad', { what: label.toLowerCase() })} detail={keyedRefusalText(error, serverWords) ?? error.message} onRetry={onRetry} />
          </td>
        </tr>
      );
    }
    if (showSkeleton) {
      return Array.from({ length: state.pageSize }, (_, index) => (
        <tr key={index} data-skeleton className="border-t border-slate-200 dark:border-slate-800">
          {columns.map((column) => (
            <td key={column.id} className={`px-4 py-4 ${cellClass(column)}`}>
              <Skeleton className="h-4 w-3/4" />
            </td>
          ))}
          {rowActions && (
            <td className="px-2 py-4">
              <Skeleton className="mx-auto size-5 rounded-full" />
            </td>
          )}
        </tr>
      ));
    }
    if (rows.length === 0) {
      return (
        <tr>
          <td colSpan={columnCount}>
            <EmptyState
              title={emptyMessage}
              description={narrowed ? t('table.nothingMatches') : undefined}
              action={
                narrowed ? (
                  <Button variant="secondary" onClick={() => onStateChange({ ...withFilters(state, definition.emptyFilters), q: '' })}>
                    {activeFilters > 0 ? t('table.clearFilters') : t('table.clearSearch')}
                  </Button>
                ) : undefined
              }
            />
          </td>
        </tr>
      );
    }
    if (!virtual) return rows.map((row, index) => renderRow(row, index));
    return <VirtualRows count={rows.length} scrollElement={scrollElement} estimatedRowHeight={estimatedRowHeight} renderRow={(index, measure) => renderRow(rows[index] as Row, index, measure)} />;
  }

  return (
    <section
      aria-label={label}
      className="overflow-hidden rounded-xl border border-slate-200 bg-brand-card text-brand-text shadow-xs dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        {searchable && (
          <SearchBox value={state.q} placeholder={searchPlaceholder} onSearch={(q) => onStateChange(withSearch(state, q), { replace: true })} />
        )}
        {filterFields && (
          <Button
            variant="secondary"
            aria-label={activeFilters > 0 ? t('table.filtersActive', { count: String(activeFilters) }) : t('table.filters')}
            onClick={() => {
              setDraft(state.filters);
              setFiltersOpen(true);
            }}
          >
            <FilterIcon className="size-4" />
            {t('table.filters')}
            {activeFilters > 0 && <Badge tone="brand">{activeFilters}</Badge>}
          </Button>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {pendingChanges && onRefresh && (
            <div role="status" className="flex items-center gap-2 rounded-lg bg-brand/10 px-3 py-1.5 text-sm">
              <span>{t('table.newChanges')}</span>
              <button
                type="button"
                onClick={onRefresh}
                className="font-semibold text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
              >
                {t('table.refresh')}
              </button>
            </div>
          )}
          {liveState && <LiveIndicator state={liveState} />}
          {toolbar}
        </div>
      </div>

      <ScrollBox ref={setScrollElement} label={label} className={virtual ? 'max-h-[70vh] overflow-y-auto' : ''}>
        <table
          aria-busy={loading || undefined}
          aria-rowcount={virtual ? rows.length + 1 : undefined}
          className={`w-full min-w-max border-collapse text-sm transition-opacity ${loading && rows.length > 0 ? 'opacity-60' : ''}`}
        >
          <caption className="sr-only">{label}</caption>
          <thead className={`bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300 ${virtual ? 'sticky top-0 z-10' : ''}`}>
            <tr aria-rowindex={virtual ? 1 : undefined}>
              {columns.map((column) => {
                const direction = state.sort?.column === column.id ? state.sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={column.sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                    className={`px-4 py-3 whitespace-nowrap ${cellClass(column)}`}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        onClick={() => onStateChange(withSortToggled(state, column.id))}
                        className={`inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand dark:hover:text-white ${direction ? 'text-slate-900 dark:text-white' : ''}`}
                      >
                        {column.header}
                        <SortIcon sort={direction} className={direction ? 'size-4' : 'size-4 opacity-40'} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" className="w-12 px-2 py-3">
                  <span className="sr-only">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{renderBody()}</tbody>
        </table>
      </ScrollBox>

      <div role="status" className="sr-only">
        {loading ? t('loading') : ''}
      </div>

      {!showSkeleton && !(error && !loading) && total > 0 && (
        <div className="border-t border-slate-200 dark:border-slate-800">
          <Pagination
            page={state.page}
            pageSize={state.pageSize}
            total={total}
            approximate={totalIsApproximate}
            pageSizes={definition.pageSizes}
            onPageChange={(page) => onStateChange(withPage(state, page))}
            onPageSizeChange={(pageSize) => onStateChange(withPageSize(state, pageSize))}
          />
        </div>
      )}

      {filterFields && (
        <FilterDrawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          onApply={() => {
            setFiltersOpen(false);
            onStateChange(withFilters(state, draft));
          }}
          onReset={() => {
            setFiltersOpen(false);
            setDraft(definition.emptyFilters);
            onStateChange(withFilters(state, definition.emptyFilters));
          }}
        >
          {filterFields({ draft, setDraft, field: filterField(draft, setDraft) })}
        </FilterDrawer>
      )}
    </section>
  );
}

/**
 * How long after the user picks an action from a row's menu the live feed's news of that row is taken
 * for their own change coming back (a confirmation dialog, the write, the echo): the action's own
 * toast says it, the screen reader is not told twice.
 */
const OWN_CHANGE_MS = 30_000;

/** A row's menu actions that note, when picked, that the user is changing that row. */
function ownActions(items: readonly MenuAction[], noteOwn: () => void): MenuAction[] {
  return items.map((item) => ({
    ...item,
    onSelect: () => {
      noteOwn();
      item.onSelect();
    },
  }));
}

/**
 * Says each batch of a list's live news once, politely, never moving focus: rows that arrived and
 * rows whose status moved while the user looks at the list. News from before the table was shown is
 * not said, nor a row the user acted on from its menu in the last OWN_CHANGE_MS (their own change).
 */
function useNewsAnnounced<Row>(
  news: ListNews<Row> | null,
  label: string,
  rowLabel: ((row: Row) => string) | undefined,
  t: Parameters<typeof newsSentence>[3],
  rowKey: (row: Row) => string,
  ownChanges: Map<string, number>,
): void {
  const announce = useAnnounce();
  const said = useRef(news);
  useEffect(() => {
    if (!news || said.current === news) return;
    said.current = news;
    const now = Date.now();
    for (const [key, at] of ownChanges) if (now - at > OWN_CHANGE_MS) ownChanges.delete(key);
    const others = (row: Row) => !ownChanges.has(rowKey(row));
    const text = newsSentence({ arrived: news.arrived.filter(others), statusChanged: news.statusChanged.filter(({ row }) => others(row)) }, label, rowLabel, t);
    if (text) announce(text);
  }, [news, label, rowLabel, t, announce, rowKey, ownChanges]);
}
