import type { ListUrlState } from '../../lib/url-state';
import type { ServerListTableProps } from '../../lib/use-server-list';
import { DataTable, type DataTableProps } from './DataTable';

export type ServerDataTableProps<Row, F> = Omit<DataTableProps<Row, F>, keyof ListUrlState<F> | keyof ServerListTableProps<Row>> & {
  /** The list's URL state (useListUrlState). */
  table: ListUrlState<F>;
  /** The server's page (useServerList). */
  list: { tableProps: ServerListTableProps<Row> };
};

/** A DataTable of a server list, given the list's URL state and its page whole rather than spread prop by prop. */
export function ServerDataTable<Row, F>({ table, list, ...props }: ServerDataTableProps<Row, F>) {
  return <DataTable<Row, F> {...props} {...table} {...list.tableProps} />;
}
