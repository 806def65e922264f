import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from './Button';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface NotFoundStateProps {
  /** E.g. 'Vehicle not found'. */
  title: string;
  description?: ReactNode;
  /** Where Go back leads (an absolute path, e.g. '/vehicles' from an edit screen); without it, Back in history. */
  backTo?: string;
  backLabel?: string;
}

/** A record that does not exist (or is not the caller's): says so, with a way out. */
export function NotFoundState({ title, description, backTo, backLabel }: NotFoundStateProps) {
  const t = useT(uiMessages);
  const [, navigate] = useLocation();
  const goBack = () => {
    if (backTo !== undefined) navigate(backTo);
    else if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <div role="status" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      {description && <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      <Button variant="secondary" onClick={goBack} className="mt-2">
        {backLabel ?? t('goBack')}
      </Button>
    </div>
  );
}
