import { useState, type ReactNode } from 'react';
import type { ConnectionState } from '../../../lib/realtime';
import type { ListDefinition } from '../../../lib/list-state';
import type { StatusVocabulary } from '../../../lib/status-vocabulary';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList, type ServerList, type UseServerListOptions } from '../../../lib/use-server-list';
import { DataTable, type DataTableColumn, type DataTableProps, type RowAction } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { NoteActionDialog, type NoteAction } from './NoteActionDialog';
import { useSupportWords } from './support-words';

/** The support screen's queues; each names its table, search placeholder and empty state in the catalogue (`support.<name>` and QUEUE_WORDS). */
export type QueueName = 'failures' | 'exceptions' | 'messages';

/** Each queue's search placeholder and empty state, named literally so the catalogue test sees every key used. */
const QUEUE_WORDS = {
  failures: { search: 'failures.search', empty: 'failures.empty' },
  exceptions: { search: 'exceptions.search', empty: 'exceptions.empty' },
  messages: { search: 'messages.search', empty: 'messages.empty' },
} as const satisfies Record<QueueName, { search: string; empty: string }>;

/**
 * One queue of the support screen, declared: what it lists and how (its list state in the URL, the
 * page's read, its columns and filters), which live feeds re-read it, and each row's actions. The
 * frame is the same for all three: one server page at a time, live, and acknowledge or resolve
 * through a dialog with a note, a toast after it and the page read again.
 */
export interface SupportQueueProps<Row, F> extends Pick<UseServerListOptions<Row, F>, 'fetchPage' | 'rowKey'> {
  name: QueueName;
  tenantId: string;
  list: ListDefinition<F>;
  /** The rows' status words, so that a row whose status moved under a live change is told as news. */
  statuses?: Pick<StatusVocabulary, 'label'>;
  columns: DataTableColumn<Row>[];
  /** What names a row to a screen reader (its code). */
  rowLabel: (row: Row) => string;
  filterFields: NonNullable<DataTableProps<Row, F>['filterFields']>;
  /** A hook (defined once, outside the page) that subscribes to the queue's feeds, re-reads the page on a change that concerns it, and answers the connection's state. */
  useLive: (tenantId: string, list: ServerList<Row>) => ConnectionState;
  /** A row's menu; `act` opens an acknowledge or resolve dialog. */
  rowActions: (row: Row, act: (action: NoteAction) => void) => RowAction[];
  /** After the table (a sheet the queue opens), with the page to read again. */
  after?: (list: ServerList<Row>) => ReactNode;
}

export function SupportQueue<Row, F>({ name, tenantId, list: definition, statuses, fetchPage, rowKey, columns, rowLabel, filterFields, useLive, rowActions, after }: SupportQueueProps<Row, F>) {
  const toast = useToast();
  const { t } = useSupportWords();
  const table = useListUrlState(definition);
  const list = useServerList({
    statuses,
    queryKey: [`support-${name}`, tenantId],
    state: table.state,
    fetchPage,
    rowKey,
    enabled: tenantId !== '',
  });
  const liveState = useLive(tenantId, list);
  const [action, setAction] = useState<NoteAction | null>(null);

  return (
    <>
      <DataTable
        label={t(`support.${name}`)}
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={liveState}
        rowLabel={rowLabel}
        searchPlaceholder={t(QUEUE_WORDS[name].search)}
        emptyMessage={t(QUEUE_WORDS[name].empty)}
        rowActions={(row) => rowActions(row, setAction)}
        filterFields={filterFields}
      />
      <NoteActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={() => {
          toast.success(action?.kind === 'resolve' ? t('toast.resolved') : t('toast.acknowledged'));
          list.refetch();
        }}
      />
      {after?.(list)}
    </>
  );
}
