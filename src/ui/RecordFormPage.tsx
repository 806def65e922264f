import { Fragment, type ReactNode } from 'react';
import { useT, type Catalogue, type Translate } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';
import { RecordPageFrame, useRoutedRecord, type RecordPageSource } from './RecordPageFrame';

/** The keys under which an area's catalogue words its record form page (the list's label aside). */
export type RecordFormWordKey = 'form.create' | 'form.edit' | 'form.loading' | 'toast.fetchFailed' | 'toast.notFound';

type Words = { titles: { create: string; edit: string } } & Pick<RecordPageSource<{ id: string }>, 'listLabel' | 'messages' | 'loadingLabel'>;

/**
 * The page's words: one by one, or from its area's catalogue (`words`), which holds them under the
 * usual keys: the titles 'form.create' and 'form.edit', 'form.loading', 'toast.notFound' and
 * 'toast.fetchFailed', and the list's label 'list.title' unless `listLabel` names it otherwise.
 */
type RecordFormWords =
  | ({ words?: undefined } & Words)
  | { words: Catalogue<RecordFormWordKey | 'list.title'>; listLabel?: string }
  | { words: Catalogue<RecordFormWordKey>; listLabel: string };

export type RecordFormPageProps<Row extends { id: string }> = Omit<RecordPageSource<Row>, keyof Words> &
  RecordFormWords & {
    /** The loading skeleton's bars (their classes), when the form is not three fields high. */
    skeletons?: readonly string[];
    /** The form: for the record (edit) or null (create); mounted anew for another record. */
    children: (record: Row | null) => ReactNode;
  };

/** The page's words from its area's catalogue, or as given. */
function useRecordFormWords(props: RecordFormWords): Words {
  // A page's catalogue never changes, so the hook is called on every render alike; without one it reads the kit's.
  const word = useT<string>(props.words ?? uiMessages) as Translate<RecordFormWordKey | 'list.title'>;
  if (!props.words) return props;
  return {
    titles: { create: word('form.create'), edit: word('form.edit') },
    listLabel: props.listLabel ?? word('list.title'),
    messages: { notFound: word('toast.notFound'), fetchFailed: word('toast.fetchFailed') },
    loadingLabel: word('form.loading'),
  };
}

/**
 * The page of a create/edit form: the header with its breadcrumbs, the record read with its loading,
 * not-found and failed states (the failure's toast too), then the form. The form itself saves with
 * `useRecordSave` and ends with `FormActions`.
 */
export function RecordFormPage<Row extends { id: string }>(props: RecordFormPageProps<Row>) {
  const { skeletons, children, mode, scope, load, listPath } = props;
  const { titles, ...words } = useRecordFormWords(props);
  const source: RecordPageSource<Row> = { mode, scope, load, listPath, ...words };
  const routed = useRoutedRecord(source);
  const t = useT(uiMessages);
  const creating = mode === 'create';
  return (
    <RecordPageFrame source={source} routed={routed} title={creating ? titles.create : titles.edit} crumb={creating ? t('record.create') : t('record.edit')} skeletons={skeletons}>
      {(record) => <Fragment key={record?.id ?? 'new'}>{children(record)}</Fragment>}
    </RecordPageFrame>
  );
}
