import { useState, type ReactNode } from 'react';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import type { RecordLoad } from '../../../lib/use-record-load';
import type { Crumb } from '../../../ui/Breadcrumbs';
import { ErrorState } from '../../../ui/ErrorState';
import { NotFoundState } from '../../../ui/NotFoundState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';

/**
 * What the picker's and the receiver's screens share: a task (an order) loaded by id, walked on a
 * phone, its writes one at a time with the database's refusal said above the work.
 */

/** A task's load before it is ready, phone-sized (loading, not found, failed with Retry); null once ready. */
export function floorTaskPending<T>(state: RecordLoad<T>, retry: () => void, words: { loading: string; notFound: string; loadFailed: string }): ReactNode {
  if (state.status === 'loading') {
    return (
      <div className="mx-auto flex w-full max-w-md flex-col gap-3" role="status" aria-busy="true" aria-label={words.loading}>
        <Skeleton className="h-10" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (state.status === 'missing') return <NotFoundState title={words.notFound} />;
  if (state.status === 'failed') return <ErrorState title={words.loadFailed} onRetry={retry} />;
  return null;
}

/** Runs a screen's writes: busy while one runs, the problem cleared before it and set to its refusal after (in the user's language when the refusal is keyed). */
export function useFloorWork() {
  const serverWords = useServerWords();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(refusalText(error, '; ', serverWords));
    } finally {
      setBusy(false);
    }
  };
  return { problem, setProblem, busy, run };
}

/** The task's screen, phone-wide: its title and crumbs, its status chip beside its progress, the last problem, then the work. */
export function FloorTask(props: {
  title: string;
  crumbs: readonly Crumb[];
  description?: ReactNode;
  status: ReactNode;
  progress: ReactNode;
  progressTestId: string;
  problem: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <PageHeader title={props.title} breadcrumbs={props.crumbs} description={props.description} />
      <div className="flex items-center justify-between gap-2">
        {props.status}
        <span className="text-sm text-slate-600 dark:text-slate-400" data-testid={props.progressTestId}>
          {props.progress}
        </span>
      </div>
      {props.problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {props.problem}
        </p>
      )}
      {props.children}
    </div>
  );
}
