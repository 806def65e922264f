import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import { humanizeStatus, useStatuses, type CataloguedVocabulary, type StatusTone, type StatusVocabulary } from '../lib/status-vocabulary';
import { uiMessages } from './messages';

export type ChipTone = StatusTone;

const tones: Record<ChipTone, string> = {
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-900/50 dark:text-emerald-200 dark:ring-emerald-400/30',
  warning: 'bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-900/50 dark:text-amber-200 dark:ring-amber-400/30',
  error: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/50 dark:text-red-200 dark:ring-red-400/30',
  info: 'bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-900/50 dark:text-sky-200 dark:ring-sky-400/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
};

/** A small label with a tone. The text carries the meaning; the colour only repeats it. */
export function Chip({ tone = 'neutral', children, className }: { tone?: ChipTone; children: ReactNode; className?: string }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]} ${className ?? ''}`}
    >
      {children}
    </span>
  );
}

export type StatusChipProps<S extends string> =
  | {
      status: S | (string & {});
      /** The words and colours of the status's values (src/data/statuses); a catalogued one speaks the page's language. */
      vocabulary: Pick<StatusVocabulary<S>, 'label' | 'tone' | 'words'>;
    }
  | {
      status: S;
      vocabulary?: never;
      /** The tone of each status, e.g. {completed: 'success', rejected: 'error'} with fallback 'warning'. */
      tones: Partial<Record<S, ChipTone>>;
      /** The tone of any status missing from `tones`. */
      fallback?: ChipTone;
      /** Display text per status; the status itself, with '_' as spaces and a capital, otherwise. */
      labels?: Partial<Record<S, string>>;
    };

/** A status in words and colour: from its vocabulary, or from an ad hoc map of tones and labels. */
export function StatusChip<S extends string>(props: StatusChipProps<S>) {
  if (props.vocabulary) {
    const { vocabulary, status } = props;
    if (vocabulary.words) return <CataloguedStatusChip vocabulary={vocabulary as CataloguedVocabulary<S>} status={status} />;
    return <Chip tone={vocabulary.tone(status)}>{vocabulary.label(status)}</Chip>;
  }
  const { status, tones, fallback = 'neutral', labels } = props;
  return <Chip tone={tones[status] ?? fallback}>{labels?.[status] ?? humanizeStatus(status)}</Chip>;
}

/** A status of a catalogued vocabulary, in the page's language. */
function CataloguedStatusChip<S extends string>({ vocabulary, status }: { vocabulary: CataloguedVocabulary<S>; status: string }) {
  const words = useStatuses(vocabulary);
  return <Chip tone={words.tone(status)}>{words.label(status)}</Chip>;
}

/** An on/off record (a zone, a service, a vehicle): Active in green, Inactive in grey. */
export function ActiveChip({ active }: { active: boolean }) {
  const t = useT(uiMessages);
  return <Chip tone={active ? 'success' : 'neutral'}>{active ? t('chip.active') : t('chip.inactive')}</Chip>;
}
