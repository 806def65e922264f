import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';
import { RecordPageFrame, useRecordPageSource, useRoutedRecord, type RecordPageWords, type WordedRecordPageSource } from './RecordPageFrame';

type Titles = { create: string; edit: string };

/** The keys of a form page's titles in its area's catalogue (with `words`). */
export const RECORD_FORM_TITLE_KEYS = ['form.create', 'form.edit'] as const;

/**
 * The page's words: one by one, or from its area's catalogue (`words`, see `RecordPageWords`), whose
 * 'form.create' and 'form.edit' are then the titles.
 */
export type RecordFormPageProps<Row extends { id: string }> = WordedRecordPageSource<Row, 'form.create' | 'form.edit'> &
  ({ words?: undefined; titles: Titles } | { words: Exclude<RecordPageWords<'form.create' | 'form.edit'>['words'], undefined>; titles?: undefined }) & {
    /** The loading skeleton's bars (their classes), when the form is not three fields high. */
    skeletons?: readonly string[];
    /** The form: for the record (edit) or null (create); mounted anew for another record. */
    children: (record: Row | null) => ReactNode;
  };

/**
 * The page of a create/edit form: the header with its breadcrumbs, the record read with its loading,
 * not-found and failed states (the failure's toast too), then the form. The form itself saves with
 * `useRecordSave` and ends with `FormActions`.
 */
export function RecordFormPage<Row extends { id: string }>(props: RecordFormPageProps<Row>) {
  const { skeletons, children } = props;
  const { source, word } = useRecordPageSource<Row, 'form.create' | 'form.edit'>(props);
  const titles = word ? { create: word('form.create'), edit: word('form.edit') } : (props.titles as Titles);
  const routed = useRoutedRecord(source);
  const t = useT(uiMessages);
  const creating = source.mode === 'create';
  return (
    <RecordPageFrame source={source} routed={routed} title={creating ? titles.create : titles.edit} crumb={creating ? t('record.create') : t('record.edit')} skeletons={skeletons}>
      {(record) => <Fragment key={record?.id ?? 'new'}>{children(record)}</Fragment>}
    </RecordPageFrame>
  );
}

export type Mode = 'create' | 'edit';

/** A screen of a create/edit page: the page's props but the mode, which the screen fixes. */
export type ModePage<P extends { mode: Mode }> = (props: Omit<P, 'mode'>) => ReactNode;

/**
 * The create and the edit screen of a page that takes the mode, each exported under its own name for
 * its screen declaration: `export const { create: ZoneCreatePage, edit: ZoneEditPage } = modePages(ZoneFormPage)`.
 * What else the app gives a screen (an edit page's history) passes through.
 */
export function modePages<P extends { mode: Mode }>(Page: ComponentType<P>): Record<Mode, ModePage<P>> {
  const screenOf = (mode: Mode): ModePage<P> =>
    function ModeScreen(props) {
      return createElement(Page, { ...props, mode } as P);
    };
  return { create: screenOf('create'), edit: screenOf('edit') };
}
