import { useT } from '../lib/i18n/catalogue';
import { useFormat } from '../lib/i18n/format';
import type { StatusVocabulary } from '../lib/status-vocabulary';
import { StatusChip } from './Chip';
import { uiMessages } from './messages';

/** One change of a record's status machine, as its history table keeps it. */
export interface StatusHistoryEntry {
  id: string;
  from_status: string | null;
  status: string;
  note: string | null;
  actor_name: string | null;
  occurred_at: string;
}

export interface StatusHistoryProps<S extends string> {
  /** The heading of the section ('History' in the page's language by default). */
  title?: string;
  entries: readonly StatusHistoryEntry[];
  /** The words and colours of the statuses (src/data/statuses). */
  vocabulary: Pick<StatusVocabulary<S>, 'label' | 'tone' | 'words'>;
  /** What the first entry (no previous status) says, e.g. 'Requested' or 'Reported'. */
  createdLabel: string;
  now?: Date;
}


/**
 * A record's status history, oldest first: who moved it, when (absolute, with the relative time as a
 * tooltip-free second line), to which status, and the note they left. Shared by every screen whose
 * table keeps its moves (return requests, exceptions).
 */
export function StatusHistory<S extends string>({ title: heading, entries, vocabulary, createdLabel, now }: StatusHistoryProps<S>) {
  const t = useT(uiMessages);
  const format = useFormat();
  const title = heading ?? t('history.title');
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-base font-semibold">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('history.empty')}</p>
      ) : (
        <ol className="space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700">
          {entries.map((entry) => (
            <li key={entry.id} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-slate-300 dark:bg-slate-600" />
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <StatusChip vocabulary={vocabulary} status={entry.status} />
                <span className="font-medium">{entry.from_status
                    ? t('history.by', { actor: entry.actor_name ?? t('history.system') })
                    : t('history.createdBy', { created: createdLabel, actor: entry.actor_name ?? t('history.system') })}</span>
              </div>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                <time dateTime={entry.occurred_at}>{format.dateTime(entry.occurred_at)}</time> · {format.relative(entry.occurred_at, now)}
              </p>
              {entry.note && <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{entry.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
