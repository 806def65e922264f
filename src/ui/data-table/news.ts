import type { ListNews } from '../../lib/use-server-list';

/** The kit catalogue's sentences for a list's live news. */
export type NewsKey = 'table.news.arrivedNamed' | 'table.news.arrivedCount' | 'table.news.status' | 'table.news.statusCount';

/** Up to this many rows are said by name; more are counted, so the news stays one short sentence. */
export const NAMED_AT_MOST = 3;

/**
 * A list's live news in one or two short sentences, in the page's language: the rows that arrived
 * (by name when the list names its rows, else counted) and the rows whose status moved, with the
 * status now. Null when there is nothing to say.
 */
export function newsSentence<Row>(
  news: Pick<ListNews<Row>, 'arrived' | 'statusChanged'>,
  list: string,
  rowLabel: ((row: Row) => string) | undefined,
  t: (key: NewsKey, values?: Record<string, string | number>) => string,
): string | null {
  const parts: string[] = [];
  const { arrived, statusChanged } = news;
  if (arrived.length > 0) {
    parts.push(
      rowLabel && arrived.length <= NAMED_AT_MOST
        ? t('table.news.arrivedNamed', { list, rows: arrived.map(rowLabel).join(', ') })
        : t('table.news.arrivedCount', { list, count: arrived.length }),
    );
  }
  if (statusChanged.length > 0) {
    if (rowLabel && statusChanged.length <= NAMED_AT_MOST) {
      for (const { row, status } of statusChanged) parts.push(t('table.news.status', { row: rowLabel(row), status }));
    } else {
      parts.push(t('table.news.statusCount', { list, count: statusChanged.length }));
    }
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
