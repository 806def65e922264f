import { Fragment, type ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';
import { RecordPageFrame, useRoutedRecord, type RecordPageSource } from './RecordPageFrame';

export interface RecordFormPageProps<Row extends { id: string }> extends RecordPageSource<Row> {
  titles: { create: string; edit: string };
  /** The loading skeleton's bars (their classes), when the form is not three fields high. */
  skeletons?: readonly string[];
  /** The form: for the record (edit) or null (create); mounted anew for another record. */
  children: (record: Row | null) => ReactNode;
}

/**
 * The page of a create/edit form: the header with its breadcrumbs, the record read with its loading,
 * not-found and failed states (the failure's toast too), then the form. The form itself saves with
 * `useRecordSave` and ends with `FormActions`.
 */
export function RecordFormPage<Row extends { id: string }>({ titles, skeletons, children, ...source }: RecordFormPageProps<Row>) {
  const routed = useRoutedRecord(source);
  const t = useT(uiMessages);
  const creating = source.mode === 'create';
  return (
    <RecordPageFrame source={source} routed={routed} title={creating ? titles.create : titles.edit} crumb={creating ? t('record.create') : t('record.edit')} skeletons={skeletons}>
      {(record) => <Fragment key={record?.id ?? 'new'}>{children(record)}</Fragment>}
    </RecordPageFrame>
  );
}
