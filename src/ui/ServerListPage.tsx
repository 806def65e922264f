import { useCallback, useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useT, type Catalogue, type Translate } from '../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../lib/i18n/format';
import type { ListDefinition, ListState } from '../lib/list-state';
import type { ConnectionState, LiveSource, Row as LiveRow } from '../lib/realtime';
import { useTenantId } from '../lib/tenant';
import { useListUrlState } from '../lib/url-state';
import { useLiveCollection } from '../lib/use-live-collection';
import { useLiveChanges, useServerList, type FetchContext, type ListChange, type ServerList, type ServerPage, type UseServerListOptions } from '../lib/use-server-list';
import { Button } from './Button';
import { DataTable, type DataTableColumn, type DataTableProps, type FilterFieldsArgs, type RowAction } from './data-table';
import { uiMessages } from './messages';
import { PageHeader } from './PageHeader';

type TableOwnProps = 'label' | 'rows' | 'total' | 'totalIsApproximate' | 'loading' | 'error' | 'onRetry' | 'state' | 'onStateChange' | 'definition' | 'rowKey' | 'changedIds' | 'pendingChanges' | 'onRefresh' | 'news';

/** What a list of the signed-in user's tenant reads: the URL's list, what it is and how a page is read. */
export interface TenantListOptions<Row, F> extends Pick<UseServerListOptions<Row, F>, 'statuses'> {
  /** What may be in the URL: search, filters, sort, page. */
  list: ListDefinition<F>;
  /** What is listed ('suppliers'); with the tenant and `dependsOn` it keys the rows shown. */
  resource: string;
  /** What else the rows depend on (today's date); a change clears the rows shown. */
  dependsOn?: readonly unknown[];
  /** Reads one page of the tenant's rows (an api's `listX(tenantId, state, context)`); not before the tenant is known. */
  fetchPage: (tenantId: string, state: ListState<F>, context: FetchContext) => Promise<ServerPage<Row>>;
}

const rowId = (row: { id: string }) => row.id;

/**
 * The state of a list of the tenant's rows: the list in the URL (`url`, spread on the DataTable)
 * and one page from the server (`page`, whose `tableProps` go on it too). ServerListPage is built
 * on it; a screen that lays its table out itself (beside a map, under a tree) uses it directly.
 */
export function useTenantList<Row extends { id: string }, F>({ list, resource, dependsOn = [], fetchPage, statuses }: TenantListOptions<Row, F>) {
  const tenantId = useTenantId() ?? '';
  const url = useListUrlState(list);
  const page = useServerList({
    statuses,
    queryKey: [resource, tenantId, ...dependsOn],
    state: url.state,
    fetchPage: (state, context) => fetchPage(tenantId, state, context),
    rowKey: rowId,
    enabled: tenantId !== '',
  });
  return { tenantId, url, page };
}

/**
 * A live list fed by a live collection of its table (`useLiveCollection`): each settled change
 * lands on the page through `applyChanges`, as `toRows(changes, rows on the page)` says (by
 * default the table's row merged over the row shown, keeping the columns the view joined).
 * Answers the connection's state, as ServerListPage's `useLive` does.
 */
export function useLiveCollectionList<T extends LiveRow, Row>(
  source: LiveSource<T>,
  tenantId: string,
  { applyChanges, rows }: ServerList<Row>,
  toRows: (changes: ListChange<T>[], rows: readonly Row[]) => readonly ListChange<Row>[] = asViewChanges,
): ConnectionState {
  const live = useLiveCollection(source, tenantId);
  const onChanges = useCallback((changes: ListChange<T>[]) => applyChanges(toRows(changes, rows)), [applyChanges, toRows, rows]);
  useLiveChanges(live, onChanges);
  return live.state;
}

function asViewChanges<T, Row>(changes: ListChange<T>[]): ListChange<Row>[] {
  return changes.map((c) => (c.op === 'delete' ? c : { op: c.op, row: c.row as unknown as Row }));
}

/**
 * A list screen's words, named by their keys in the area's catalogue: the title (the last breadcrumb,
 * and the table's name unless `label` says another), the search box's placeholder, the create
 * button's label (with `create`) and the row's Edit (with `edit`). The keys stay literal in the page,
 * so the catalogue check sees them; a key the catalogue lacks does not compile.
 */
export interface ListWords<K extends string> {
  catalogue: Catalogue<K>;
  title?: K;
  search?: K;
  add?: K;
  edit?: K;
}

/** A row's Edit: the path it opens, or that path with its own label, or the reason it is disabled (`locked`). */
export type RowEdit = string | { path: string; label?: string; locked?: string | null };

export interface ServerListPageProps<Row extends { id: string }, F, K extends string = string>
  extends Omit<DataTableProps<Row, F>, TableOwnProps | 'rowActions' | 'columns' | 'filterFields'>,
    TenantListOptions<Row, F> {
  /** The page's title, its last breadcrumb and (unless `label` says otherwise) the table's name; else `words.title`. */
  title?: string;
  label?: string;
  /** The screen's words by their keys (see `ListWords`); `title` and `searchPlaceholder` say theirs where given. */
  words?: ListWords<K>;
  /** The columns, or how to make them in the page's language and formats (called again when either changes). */
  columns: readonly DataTableColumn<Row>[] | ((t: Translate<K>, format: LocaleFormat) => readonly DataTableColumn<Row>[]);
  /** The create button (`words.add`), after the `toolbar`: the path it opens, or what it does. */
  create?: string | (() => void);
  /** A row's first action, Edit (`words.edit`): see `RowEdit`. The other actions (`rowActions`) follow it. */
  edit?: (row: Row) => RowEdit;
  /** The filter drawer's fields, stacked (`<>…</>` of filter controls bound with `field`). */
  filterFields?: (args: FilterFieldsArgs<F>) => ReactNode;
  /** The breadcrumb between Dashboard and the title: the nav group the screen sits in (Warehousing). */
  section?: string;
  /** The first breadcrumb in the area's own words, where its catalogue has them (else the kit's 'Dashboard'). */
  dashboard?: string;
  /**
   * A live list: a hook (defined once, outside the page) that feeds the list its live changes
   * (`applyChanges`, or `refetchLive` to re-read the page) and answers the connection's state.
   */
  useLive?: (list: ServerList<Row>, tenantId: string) => ConnectionState | undefined;
  /** After the table: what its row actions open (a delete's confirmation), with the list to reload. */
  after?: (list: ServerList<Row>) => ReactNode;
  /** A row's menu (after Edit); an action that changes the row reloads the page through `list`. */
  rowActions?: (row: Row, list: ServerList<Row>) => readonly RowAction[];
}

const notLive = (): ConnectionState | undefined => undefined;

/**
 * The frame of a server-side list screen: the header with its breadcrumbs, the list state in the
 * URL, one page of the tenant's rows from the server, live when `useLive` says how, and the table
 * with its search, filters, sort and pages. The page declares what differs: its words, columns,
 * create and edit, other actions, filters and toolbar.
 */
export function ServerListPage<Row extends { id: string }, F, K extends string = string>({
  title: givenTitle,
  label: givenLabel,
  words,
  columns: givenColumns,
  create,
  edit,
  filterFields,
  section,
  dashboard,
  list,
  resource,
  dependsOn,
  fetchPage,
  statuses,
  useLive = notLive,
  liveState,
  after,
  rowActions,
  toolbar,
  searchPlaceholder,
  ...table
}: ServerListPageProps<Row, F, K>) {
  const t = useT(uiMessages);
  const area = useT((words?.catalogue ?? uiMessages) as Catalogue<K>);
  const format = useFormat();
  const [, navigate] = useLocation();
  const word = (key: K | undefined) => (key === undefined ? '' : area(key));
  const title = givenTitle ?? word(words?.title);
  const columns = useMemo(() => (typeof givenColumns === 'function' ? givenColumns(area, format) : givenColumns), [givenColumns, area, format]);
  const { tenantId, url, page } = useTenantList({ list, resource, dependsOn, fetchPage, statuses });
  const live = useLive(page, tenantId);
  const editAction = (row: Row): RowAction[] => {
    if (!edit) return [];
    const to = edit(row);
    const { path, label, locked } = typeof to === 'string' ? { path: to, label: undefined, locked: null } : to;
    return [{ label: label ?? word(words?.edit), onSelect: () => navigate(path), ...(locked ? { disabled: true, reason: locked } : {}) }];
  };
  const actions = edit || rowActions ? (row: Row) => [...editAction(row), ...(rowActions?.(row, page) ?? [])] : undefined;
  return (
    <div className="space-y-4">
      <PageHeader title={title} breadcrumbs={[{ label: dashboard ?? t('record.dashboard'), href: '/' }, ...(section ? [{ label: section }] : []), { label: title }]} />
      <DataTable<Row, F>
        label={givenLabel ?? title}
        columns={columns}
        searchPlaceholder={searchPlaceholder ?? (words?.search && word(words.search))}
        toolbar={
          create ? (
            <>
              {toolbar}
              <Button onClick={() => (typeof create === 'string' ? navigate(create) : create())}>{word(words?.add)}</Button>
            </>
          ) : (
            toolbar
          )
        }
        filterFields={filterFields && ((args: FilterFieldsArgs<F>) => <div className="space-y-4">{filterFields(args)}</div>)}
        {...table}
        {...url}
        {...page.tableProps}
        liveState={live ?? liveState}
        rowActions={actions}
      />
      {after?.(page)}
    </div>
  );
}
