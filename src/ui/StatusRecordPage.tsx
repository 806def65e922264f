import { useCallback, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { PageHeader } from './PageHeader';
import { RecordStates } from './RecordStates';
import { useToast } from './toast';
import { useRecordLoad } from './useRecordLoad';

export interface StatusRecordPageProps<Row extends { id: string }> {
  /** create: no id in the route, the empty form; edit: `…/:id/edit`. */
  mode: 'create' | 'edit';
  /** What else the read depends on (the tenant id): the record is read again when it changes; '' while unknown. */
  scope: string;
  /** The record, or null when the caller cannot see it. */
  load: (id: string) => Promise<Row | null>;
  listPath: string;
  listLabel: string;
  /** The record's readable code ('ACME-X00007') for the title and the last breadcrumb. */
  codeOf: (row: Row) => string;
  /** 'Report exception' for create; 'Exception' before the code once there is a record. */
  titles: { create: string; record: string };
  messages: { notFound: string; fetchFailed: string };
  loadingLabel: string;
  createForm: ReactNode;
  /** The record's summary and its form (or read-only details once the status closes it). */
  main: (row: Row) => ReactNode;
  /** The status actions and history; `reload` reads the record again after a move. */
  aside: (row: Row, reload: () => Promise<void>) => ReactNode;
}

/**
 * The page of a record with a status machine (return requests, exceptions): the create form, or the
 * record with its form beside its actions and history, and the loading, not-found and failed states.
 */
export function StatusRecordPage<Row extends { id: string }>({
  mode,
  scope,
  load,
  listPath,
  listLabel,
  codeOf,
  titles,
  messages,
  loadingLabel,
  createForm,
  main,
  aside,
}: StatusRecordPageProps<Row>) {
  const { id } = useParams<{ id?: string }>();
  const toast = useToast();
  const { state, retry, setRecord } = useRecordLoad<Row | null>(mode === 'edit' && id && scope ? `${scope}/${id}` : null, () => load(id ?? ''), {
    initial: mode === 'create' ? { status: 'ready', record: null } : undefined,
    onError: () => toast.error(messages.fetchFailed),
  });
  const code = state.status === 'ready' && state.record ? codeOf(state.record) : null;
  const header = (
    <PageHeader
      title={mode === 'create' ? titles.create : code ? `${titles.record} ${code}` : titles.record}
      breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: listLabel, href: listPath }, { label: mode === 'create' ? 'Create' : (code ?? 'Edit') }]}
    />
  );
  const reload = useCallback(async () => {
    if (!id) return;
    const fresh = await load(id);
    if (fresh) setRecord(fresh);
  }, [id, load, setRecord]);

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
    >
      {(row) =>
        row ? (
          <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="space-y-6">{main(row)}</div>
            <aside className="space-y-6">{aside(row, reload)}</aside>
          </div>
        ) : (
          createForm
        )
      }
    </RecordStates>
  );
}
