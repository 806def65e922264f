import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from './Button';
import { ErrorState } from './ErrorState';
import { NotFoundState } from './NotFoundState';
import { Skeleton } from './Skeleton';
import type { RecordLoad } from './useRecordLoad';

export interface RecordStatesProps<T> {
  /** From `useRecordLoad`. */
  state: RecordLoad<T>;
  /** `retry` from `useRecordLoad`: the failed state's Retry. */
  onRetry: () => void;
  /** The page header, shown above every state. */
  header: ReactNode;
  /** Where Go back leads from the not-found and failed states (e.g. '/vehicles'). */
  backTo: string;
  /** E.g. 'Vehicle not found'. */
  notFoundTitle: string;
  /** E.g. 'Failed to fetch vehicle data'. */
  failedTitle: string;
  /** The loading skeleton's accessible name, e.g. 'Loading vehicle'. */
  loadingLabel: string;
  /** The loading skeleton's bars (their classes); a form's three bars by default. */
  skeletons?: readonly string[];
  /** The loading region's classes. */
  loadingClassName?: string;
  /** Not found without asking (e.g. an edit route without an id). */
  missing?: boolean;
  /** The screen itself, for a loaded record. */
  children: (record: T) => ReactNode;
}

const FORM_SKELETON = ['h-10 w-full', 'h-10 w-full', 'h-24 w-full'] as const;

/**
 * A record screen's frame: the header, then not found (Go back), failed (Retry and Go back),
 * loading (skeleton bars) or, once loaded, `children(record)`.
 */
export function RecordStates<T>({
  state,
  onRetry,
  header,
  backTo,
  notFoundTitle,
  failedTitle,
  loadingLabel,
  skeletons = FORM_SKELETON,
  loadingClassName = 'space-y-3',
  missing = false,
  children,
}: RecordStatesProps<T>) {
  const [, navigate] = useLocation();
  let body: ReactNode;
  if (missing || state.status === 'missing') {
    body = <NotFoundState title={notFoundTitle} backTo={backTo} />;
  } else if (state.status === 'failed') {
    body = (
      <ErrorState title={failedTitle} onRetry={onRetry}>
        <Button variant="secondary" onClick={() => navigate(backTo)}>
          Go back
        </Button>
      </ErrorState>
    );
  } else if (state.status === 'loading') {
    body = (
      <div className={loadingClassName} aria-busy="true" aria-label={loadingLabel}>
        {skeletons.map((className, index) => (
          <Skeleton key={index} className={className} />
        ))}
      </div>
    );
  } else {
    body = children(state.record);
  }
  return (
    <div className="space-y-4">
      {header}
      {body}
    </div>
  );
}
