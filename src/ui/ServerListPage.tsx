import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import type { ListDefinition } from '../lib/list-state';
import { useListUrlState } from '../lib/url-state';
import { useServerList, type ServerList, type UseServerListOptions } from '../lib/use-server-list';
import { DataTable, type DataTableProps, type RowAction } from './data-table';
import { uiMessages } from './messages';
import { PageHeader } from './PageHeader';

type TableOwnProps = 'label' | 'rows' | 'total' | 'totalIsApproximate' | 'loading' | 'error' | 'onRetry' | 'state' | 'onStateChange' | 'definition' | 'rowKey' | 'changedIds' | 'pendingChanges' | 'onRefresh' | 'news';

export interface ServerListPageProps<Row, F> extends Omit<DataTableProps<Row, F>, TableOwnProps | 'rowActions'>, Pick<UseServerListOptions<Row, F>, 'queryKey' | 'fetchPage' | 'rowKey' | 'enabled'> {
  /** The page's title, its last breadcrumb and (unless `label` says otherwise) the table's name. */
  title: string;
  label?: string;
  /** The breadcrumb between Dashboard and the title: the nav group the screen sits in (Warehousing). */
  section?: string;
  /** What may be in the URL: search, filters, sort, page. */
  list: ListDefinition<F>;
  /** After the table: what its row actions open (a delete's confirmation), with the list to reload. */
  after?: (list: ServerList<Row>) => ReactNode;
  /** A row's menu; an action that changes the row reloads the page through `list`. */
  rowActions?: (row: Row, list: ServerList<Row>) => readonly RowAction[];
}

/**
 * The frame of a server-side list screen: the header with its breadcrumbs, the list state in the
 * URL, one page from the server and the table with its search, filters, sort and pages. The page
 * says what differs (columns, filters, actions, toolbar). A list that also takes live changes
 * builds the same frame itself with `useServerList`'s `applyChanges`.
 */
export function ServerListPage<Row, F>({ title, label = title, section, list, queryKey, fetchPage, rowKey, enabled, after, rowActions, ...table }: ServerListPageProps<Row, F>) {
  const t = useT(uiMessages);
  const url = useListUrlState(list);
  const page = useServerList({ queryKey, state: url.state, fetchPage, rowKey, enabled });
  return (
    <div className="space-y-4">
      <PageHeader title={title} breadcrumbs={[{ label: t('record.dashboard'), href: '/' }, ...(section ? [{ label: section }] : []), { label: title }]} />
      <DataTable label={label} {...table} {...url} {...page.tableProps} rowActions={rowActions && ((row: Row) => rowActions(row, page))} />
      {after?.(page)}
    </div>
  );
}
