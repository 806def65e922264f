import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { StatusHistory, type StatusHistoryProps, type StatusHistoryEntry } from './StatusHistory';
import { useRecordLoad } from '../lib/use-record-load';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

/** What the panel reads: the moves the database allows now (in the order to offer them), the history, and what the dialogs need. */
export interface StatusActionsRead<A extends string, X> {
  actions: readonly A[];
  events: readonly StatusHistoryEntry[];
  extra: X;
}

export interface StatusActionsProps<A extends string, D extends { action: A }, X> {
  /** Changes when the allowed moves may have (the record's id, status and last change). */
  loadKey: string;
  load: () => Promise<StatusActionsRead<A, X>>;
  /** The record's readable code, after the action in each dialog's title. */
  code: string;
  labels: Record<A, string>;
  /** What each move does, in its dialog. */
  messages: Record<A, string>;
  /** Said when no move is allowed now. */
  idle: ReactNode;
  /** The quieter move (closing without a fix, rejecting): a secondary button. */
  secondary: A;
  /** A move whose dialog confirms in red. */
  destructive?: A;
  /** Offered before the moves (e.g. another workflow's action on the same record). */
  lead?: ReactNode;
  history: Pick<StatusHistoryProps<string>, 'vocabulary' | 'createdLabel'>;
  /** A dialog's first state for a move. */
  start: (action: A) => D;
  /** The dialog's fields; `set` changes what it holds. */
  fields: (dialog: D, set: (next: D) => void, extra: X) => ReactNode;
  /** Makes the move; a rejection keeps the dialog open with its message. */
  move: (dialog: D) => Promise<void>;
}

/**
 * The actions of a record with a status machine (return requests, exceptions): the moves the
 * database allows now, each confirmed in a dialog with its own fields; then the history. Loading,
 * and a failed read, say so in place of the buttons. Its own words (title, loading, failure, a
 * dialog's title) come from the kit's catalogue; the page gives the moves' labels and messages.
 */
export function StatusActions<A extends string, D extends { action: A }, X>(props: StatusActionsProps<A, D, X>) {
  const { labels, code, secondary, destructive } = props;
  const t = useT(uiMessages);
  const [dialog, setDialog] = useState<D | null>(null);
  const { state } = useRecordLoad(props.loadKey, props.load);
  const read = state.status === 'ready' ? state.record : null;

  return (
    <>
      <section aria-label={t('statusActions.title')} className="space-y-3">
        <h2 className="text-base font-semibold">{t('statusActions.title')}</h2>
        {state.status === 'failed' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('statusActions.failed')}
          </p>
        ) : read === null ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {t('loading')}
          </p>
        ) : read.actions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{props.idle}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {props.lead}
            {read.actions.map((action) => (
              <Button key={action} variant={action === secondary ? 'secondary' : 'primary'} onClick={() => setDialog(props.start(action))}>
                {labels[action]}
              </Button>
            ))}
          </div>
        )}
      </section>
      {read && <StatusHistory entries={read.events} vocabulary={props.history.vocabulary} createdLabel={props.history.createdLabel} />}
      <ConfirmDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? t('statusActions.dialogTitle', { action: labels[dialog.action], code }) : ''}
        message={dialog ? props.messages[dialog.action] : ''}
        confirmLabel={dialog ? labels[dialog.action] : t('confirm')}
        destructive={destructive !== undefined && dialog?.action === destructive}
        onConfirm={() => (dialog ? props.move(dialog) : undefined)}
      >
        {dialog && read && props.fields(dialog, setDialog, read.extra)}
      </ConfirmDialog>
    </>
  );
}

/** A move's note in its dialog: a labelled text area, starred when the move needs it. */
export function DialogNote({
  label,
  required = false,
  rows,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  required?: boolean;
  rows: number;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block text-sm font-medium">
      {label}
      {required && <span aria-hidden="true"> *</span>}
      <textarea
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
