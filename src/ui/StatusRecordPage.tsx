import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';
import { RecordPageFrame, useRecordPageSource, useRoutedRecord, type WordedRecordPageSource } from './RecordPageFrame';

/** The page's words: one by one, or from its area's catalogue (`words`, see `RecordPageWords`). */
export type StatusRecordPageProps<Row extends { id: string }> = WordedRecordPageSource<Row> & {
  /** The record's readable code ('ACME-X00007') for the title and the last breadcrumb. */
  codeOf: (row: Row) => string;
  /** 'Report exception' for create; 'Exception' before the code once there is a record. */
  titles: { create: string; record: string };
  createForm: ReactNode;
  /** The record's summary and its form (or read-only details once the status closes it); `reload` reads the record again after a change made there. */
  main: (row: Row, reload: () => Promise<void>) => ReactNode;
  /** The status actions and history; `reload` reads the record again after a move. */
  aside: (row: Row, reload: () => Promise<void>) => ReactNode;
};

/**
 * The page of a record with a status machine (return requests, exceptions): the create form, or the
 * record with its form beside its actions and history, and the loading, not-found and failed states.
 */
export function StatusRecordPage<Row extends { id: string }>(props: StatusRecordPageProps<Row>) {
  const { codeOf, titles, createForm, main, aside } = props;
  const { source } = useRecordPageSource<Row, never>(props);
  const t = useT(uiMessages);
  const routed = useRoutedRecord(source);
  const { state, reload } = routed;
  const code = state.status === 'ready' && state.record ? codeOf(state.record) : null;
  const creating = source.mode === 'create';
  return (
    <RecordPageFrame
      source={source}
      routed={routed}
      title={creating ? titles.create : code ? `${titles.record} ${code}` : titles.record}
      crumb={creating ? t('record.create') : (code ?? t('record.edit'))}
    >
      {(row) =>
        row ? (
          <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="space-y-6">{main(row, reload)}</div>
            <aside className="space-y-6">{aside(row, reload)}</aside>
          </div>
        ) : (
          createForm
        )
      }
    </RecordPageFrame>
  );
}
