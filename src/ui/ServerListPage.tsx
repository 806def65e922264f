import { useCallback, type ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import type { ListDefinition, ListState } from '../lib/list-state';
import type { ConnectionState, LiveSource, Row as LiveRow } from '../lib/realtime';
import { useTenantId } from '../lib/tenant';
import { useListUrlState } from '../lib/url-state';
import { useLiveCollection } from '../lib/use-live-collection';
import { useLiveChanges, useServerList, type FetchContext, type ListChange, type ServerList, type ServerPage, type UseServerListOptions } from '../lib/use-server-list';
import { DataTable, type DataTableProps, type RowAction } from './data-table';
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

export interface ServerListPageProps<Row extends { id: string }, F> extends Omit<DataTableProps<Row, F>, TableOwnProps | 'rowActions'>, TenantListOptions<Row, F> {
  /** The page's title, its last breadcrumb and (unless `label` says otherwise) the table's name. */
  title: string;
  label?: string;
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
  /** A row's menu; an action that changes the row reloads the page through `list`. */
  rowActions?: (row: Row, list: ServerList<Row>) => readonly RowAction[];
}

const notLive = (): ConnectionState | undefined => undefined;

/**
 * The frame of a server-side list screen: the header with its breadcrumbs, the list state in the
 * URL, one page of the tenant's rows from the server, live when `useLive` says how, and the table
 * with its search, filters, sort and pages. The page says what differs (columns, filters, actions,
 * toolbar).
 */
export function ServerListPage<Row extends { id: string }, F>({
  title,
  label = title,
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
  ...table
}: ServerListPageProps<Row, F>) {
  const t = useT(uiMessages);
  const { tenantId, url, page } = useTenantList({ list, resource, dependsOn, fetchPage, statuses });
  const live = useLive(page, tenantId);
  return (
    <div className="space-y-4">
      <PageHeader title={title} breadcrumbs={[{ label: dashboard ?? t('record.dashboard'), href: '/' }, ...(section ? [{ label: section }] : []), { label: title }]} />
      <DataTable
        label={label}
        {...table}
        {...url}
        {...page.tableProps}
        liveState={live ?? liveState}
        rowActions={rowActions && ((row: Row) => rowActions(row, page))}
      />
      {after?.(page)}
    </div>
  );
}
