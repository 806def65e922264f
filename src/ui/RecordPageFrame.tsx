import { useCallback, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { useT, type Catalogue, type Translate } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';
import { PageHeader } from './PageHeader';
import { RecordListContext } from './record-list';
import { RecordStates } from './RecordStates';
import { useToast } from './toast';
import { useRecordLoad, type RecordLoad } from '../lib/use-record-load';

/** What a create/edit record page is told: which record, how to read it, where its list is, its words. */
export interface RecordPageSource<Row extends { id: string }> {
  /** create: no id in the route, the empty form; edit: `…/:id/edit`, the record read first. */
  mode: 'create' | 'edit';
  /** What else the read depends on (the tenant id): the record is read again when it changes; '' while unknown. */
  scope: string;
  /** The record, or null when the caller cannot see it (not found). */
  load: (id: string) => Promise<Row | null>;
  listPath: string;
  listLabel: string;
  /** The spec's words for a record that is not there and for a read that failed (also its toast). */
  messages: { notFound: string; fetchFailed: string };
  loadingLabel: string;
}

/** The words of a record page that a source names one by one, or its area's catalogue holds under the usual keys. */
type SourceWords = Pick<RecordPageSource<{ id: string }>, 'listLabel' | 'messages' | 'loadingLabel'>;

/** The keys under which an area's catalogue words a record page's list, loading and load failures. */
export const RECORD_PAGE_WORD_KEYS = ['list.title', 'form.loading', 'toast.fetchFailed', 'toast.notFound'] as const;
export type RecordPageWordKey = Exclude<(typeof RECORD_PAGE_WORD_KEYS)[number], 'list.title'>;

/**
 * A record page's words: one by one, or from its area's catalogue (`words`): 'form.loading',
 * 'toast.notFound', 'toast.fetchFailed', and the list's label 'list.title' unless `listLabel` names it.
 */
export type RecordPageWords<Key extends string> =
  | ({ words?: undefined } & SourceWords)
  | { words: Catalogue<Key | RecordPageWordKey | 'list.title'>; listLabel?: string }
  | { words: Catalogue<Key | RecordPageWordKey>; listLabel: string };

/** What a record page is told with its words given either way (`RecordPageWords`). */
export type WordedRecordPageSource<Row extends { id: string }, Key extends string = never> = Omit<RecordPageSource<Row>, keyof SourceWords> & RecordPageWords<Key>;

/** The page's source with its words read from its catalogue where it gave one; `word` reads more of that catalogue. */
export function useRecordPageSource<Row extends { id: string }, Key extends string>(props: WordedRecordPageSource<Row, Key>) {
  // A page's catalogue never changes, so the hook is called alike on every render; without one it reads the kit's.
  const word = useT<string>(props.words ?? uiMessages) as Translate<Key | RecordPageWordKey | 'list.title'>;
  const { mode, scope, load, listPath } = props;
  const source: RecordPageSource<Row> = props.words
    ? {
        mode,
        scope,
        load,
        listPath,
        listLabel: props.listLabel ?? word('list.title'),
        messages: { notFound: word('toast.notFound'), fetchFailed: word('toast.fetchFailed') },
        loadingLabel: word('form.loading'),
      }
    : { mode, scope, load, listPath, listLabel: props.listLabel, messages: props.messages, loadingLabel: props.loadingLabel };
  return { source, word: props.words ? word : null };
}

/**
 * The record of the route's `:id` (none for a create form), read when the id or the scope changes,
 * with the failure's toast; `reload` reads it again in place (after a status move).
 */
export function useRoutedRecord<Row extends { id: string }>({ mode, scope, load, messages }: RecordPageSource<Row>) {
  const { id } = useParams<{ id?: string }>();
  const toast = useToast();
  const { state, retry, setRecord } = useRecordLoad<Row | null>(mode === 'edit' && id && scope ? `${scope}/${id}` : null, () => load(id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(messages.fetchFailed),
  });
  const reload = useCallback(async () => {
    if (!id) return;
    const fresh = await load(id);
    if (fresh) setRecord(fresh);
  }, [id, load, setRecord]);
  return { id, state, retry, reload };
}

/**
 * The frame of a create/edit record page: the header with its breadcrumbs (Dashboard, the list, then
 * `crumb`), and the loading, not-found and failed states of the record before `children`, whose form
 * goes back to the list after a save or Cancel (`useRecordListPath`).
 */
export function RecordPageFrame<Row extends { id: string }>({
  source,
  routed,
  title,
  crumb,
  skeletons,
  children,
}: {
  source: RecordPageSource<Row>;
  routed: { id?: string; state: RecordLoad<Row | null>; retry: () => void };
  title: string;
  crumb: string;
  /** The loading skeleton's bars (their classes), when the form is not three fields high. */
  skeletons?: readonly string[];
  children: (record: Row | null) => ReactNode;
}) {
  const { mode, listPath, listLabel, messages, loadingLabel } = source;
  const t = useT(uiMessages);
  return (
    <RecordStates
      state={routed.state}
      onRetry={routed.retry}
      header={<PageHeader title={title} breadcrumbs={[{ label: t('record.dashboard'), href: '/' }, { label: listLabel, href: listPath }, { label: crumb }]} />}
      backTo={listPath}
      missing={mode === 'edit' && !routed.id}
      notFoundTitle={messages.notFound}
      failedTitle={messages.fetchFailed}
      loadingLabel={loadingLabel}
      skeletons={skeletons}
    >
      {(record) => <RecordListContext value={listPath}>{children(record)}</RecordListContext>}
    </RecordStates>
  );
}
