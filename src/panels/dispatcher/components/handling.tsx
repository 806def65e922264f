import { Link } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import type { StatusVocabulary } from '../../../lib/status-vocabulary';
import { StatusChip } from '../../../ui/Chip';
import { resolutionProblem, SUPPORT_MESSAGES, type Handling } from '../schema';
import { useSupportWords, type SupportWords } from './support-words';
import type { NoteAction } from './NoteActionDialog';

/**
 * The pieces the support queues share for items handled by acknowledging and resolving with a note
 * (failed attempts, customers' messages): the delivery cell, the state cell and the two actions.
 */

export function DeliveryCell({ kind, deliveryId, code, customer }: { kind: string; deliveryId: string; code: string; customer: string | null }) {
  return (
    <div>
      <Link href={dispatcherDeliveryPath(kind, deliveryId)} className="font-mono font-medium text-brand hover:underline">
        {code}
      </Link>
      <div className="text-xs text-slate-500 dark:text-slate-400">{customer ?? '—'}</div>
    </div>
  );
}

/** The item's state, who acknowledged it, and who resolved it with what note. */
export function HandlingStateCell<S extends string>({ row, vocabulary }: { row: Handling & { state: S }; vocabulary: StatusVocabulary<S> }) {
  const { t } = useSupportWords();
  return (
    <div>
      <StatusChip vocabulary={vocabulary} status={row.state} />
      {row.state === 'acknowledged' && <div className="text-xs text-slate-500 dark:text-slate-400">{t('handling.by', { name: row.acknowledged_by_name ?? t('handling.someone') })}</div>}
      {row.state === 'resolved' && (
        <div className="max-w-xs text-xs text-slate-500 dark:text-slate-400">
          {t('handling.resolvedBy', { name: row.resolved_by_name ?? t('handling.someone'), note: row.resolution_note })}
        </div>
      )}
    </div>
  );
}

/** How an item's acknowledgement differs from a failure's or a message's: an exception's says more and takes a longer note. */
export interface AcknowledgeOptions {
  message?: string;
  maxLength?: number;
  /** The schema's message for a note longer than `maxLength`. */
  tooLong?: string;
}

/** Acknowledge with an optional note, of at most 1,000 characters unless said otherwise. */
export function acknowledgeAction({ t }: SupportWords, title: string, run: (note: string) => Promise<void>, { message = t('ack.message'), maxLength = 1000, tooLong = SUPPORT_MESSAGES.noteLength }: AcknowledgeOptions = {}): NoteAction {
  return {
    kind: 'acknowledge',
    title,
    message,
    confirmLabel: t('action.acknowledge'),
    noteLabel: t('ack.note'),
    required: false,
    maxLength,
    problem: (note) => (note.trim().length > maxLength ? tooLong : null),
    run,
  };
}

/** Resolve with a required note (what was done), labelled `noteLabel` where the item says it otherwise. */
export function resolveAction({ t }: SupportWords, title: string, message: string, run: (note: string) => Promise<void>, noteLabel = t('resolve.note')): NoteAction {
  return { kind: 'resolve', title, message, confirmLabel: t('action.resolve'), noteLabel, required: true, maxLength: 2000, problem: resolutionProblem, run };
}
