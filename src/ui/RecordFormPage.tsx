import { Fragment, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { PageHeader } from './PageHeader';
import { RecordStates } from './RecordStates';
import { useToast } from './toast';
import { useRecordLoad } from './useRecordLoad';

export interface RecordFormPageProps<Row extends { id: string }> {
  /** create: no id in the route, the empty form; edit: `…/:id/edit`, the record read first. */
  mode: 'create' | 'edit';
  /** What else the read depends on (the tenant id): the record is read again when it changes; '' while unknown. */
  scope: string;
  /** The record, or null when the caller cannot see it (not found). */
  load: (id: string) => Promise<Row | null>;
  listPath: string;
  listLabel: string;
  titles: { create: string; edit: string };
  /** The spec's words for a record that is not there and for a read that failed (also its toast). */
  messages: { notFound: string; fetchFailed: string };
  loadingLabel: string;
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
export function RecordFormPage<Row extends { id: string }>({
  mode,
  scope,
  load,
  listPath,
  listLabel,
  titles,
  messages,
  loadingLabel,
  skeletons,
  children,
}: RecordFormPageProps<Row>) {
  const { id } = useParams<{ id?: string }>();
  const toast = useToast();
  const { state, retry } = useRecordLoad<Row | null>(mode === 'edit' && id && scope ? `${scope}/${id}` : null, () => load(id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(messages.fetchFailed),
  });
  const header = (
    <PageHeader
      title={mode === 'create' ? titles.create : titles.edit}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: listLabel, href: listPath }, { label: mode === 'create' ? 'Create' : 'Edit' }]}
    />
  );
  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={listPath}
      missing={mode === 'edit' && !id}
      notFoundTitle={messages.notFound}
      failedTitle={messages.fetchFailed}
      loadingLabel={loadingLabel}
      skeletons={skeletons}
    >
      {(record) => <Fragment key={record?.id ?? 'new'}>{children(record)}</Fragment>}
    </RecordStates>
  );
}
