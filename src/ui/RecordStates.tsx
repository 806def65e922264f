import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from './Button';
import { ErrorState } from './ErrorState';
import { NotFoundState } from './NotFoundState';
import { Skeleton } from './Skeleton';
import type { RecordLoad } from '../lib/use-record-load';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface RecordStatesProps<T> {
  /** From `useRecordLoad`. */
  state: RecordLoad<T>;
  /** `retry` from `useRecordLoad`: the failed state's Retry. */
  onRetry: () => void;
  /** The page header, shown above every state. */
  header: ReactNode;
  /** Where Go back leads from the not-found and failed states (e.g. '/vehicles'). */
  backTo: string;
  /** The not-found state's and the failed state's way out ('Go back' by default). */
  backLabel?: string;
  /** E.g. 'Vehicle not found'. */
  notFoundTitle: string;
  notFoundDescription?: ReactNode;
  /** E.g. 'Failed to fetch vehicle data'. */
  failedTitle: string;
  /** What went wrong, from the load's error, when the user can act on it. */
  failedDetail?: (error: unknown) => ReactNode;
  /** The loading skeleton's accessible name, e.g. 'Loading vehicle' (not used with `loading`). */
  loadingLabel?: string;
  /** A loading state of the screen's own shape instead of the skeleton bars. */
  loading?: ReactNode;
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
  backLabel: backLabelGiven,
  notFoundTitle,
  notFoundDescription,
  failedTitle,
  failedDetail,
  loadingLabel,
  loading,
  skeletons = FORM_SKELETON,
  loadingClassName = 'space-y-3',
  missing = false,
  children,
}: RecordStatesProps<T>) {
  const [, navigate] = useLocation();
  const t = useT(uiMessages);
  const backLabel = backLabelGiven ?? t('goBack');
  let body: ReactNode;
  if (missing || state.status === 'missing') {
    body = <NotFoundState title={notFoundTitle} description={notFoundDescription} backTo={backTo} backLabel={backLabel} />;
  } else if (state.status === 'failed') {
    body = (
      <ErrorState title={failedTitle} detail={failedDetail?.(state.error)} onRetry={onRetry}>
        <Button variant="secondary" onClick={() => navigate(backTo)}>
          {backLabel}
        </Button>
      </ErrorState>
    );
  } else if (state.status === 'loading') {
    body = loading ?? (
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
