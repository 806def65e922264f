import type { ReactNode } from 'react';
import { Button } from './Button';
import { AlertIcon, RefreshIcon } from './icons';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface ErrorStateProps {
  /** What could not be done, e.g. 'Could not load vehicles'. */
  title: string;
  /** What went wrong, when the user can act on it. */
  detail?: ReactNode;
  /** Runs the load again; without it there is no Retry button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Other ways out, after Retry (e.g. Go back). */
  children?: ReactNode;
}

/** Something could not be loaded: announced as it appears, with what went wrong and Retry. */
export function ErrorState({ title, detail, onRetry, retryLabel, children }: ErrorStateProps) {
  const t = useT(uiMessages);
  return (
    <div role="alert" className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <span className="text-red-600 dark:text-red-400">
        <AlertIcon />
      </span>
      <p className="text-sm font-semibold">{title}</p>
      {detail && <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{detail}</p>}
      {(onRetry || children) && (
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              <RefreshIcon className="size-4" />
              {retryLabel ?? t('retry')}
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
