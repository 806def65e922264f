import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface InlineConfirmProps {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** May be async: the button shows progress; a rejection keeps the question open with the error's message. */
  onConfirm: () => unknown;
  onCancel: () => void;
}

/**
 * 'Are you sure?' in place, for a panel that is itself a modal Drawer: the native <dialog> makes
 * everything outside it inert and sits above any z-index, so ConfirmDialog (portalled to the body)
 * could not be reached from inside one. Focus moves to the confirm button; Escape cancels the
 * question, not the drawer.
 */
export function InlineConfirm({ title, message, confirmLabel, cancelLabel, destructive = false, onConfirm, onCancel }: InlineConfirmProps) {
  const t = useT(uiMessages);
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    boxRef.current?.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
  }, []);

  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('somethingWentWrong'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div
      ref={boxRef}
      role="alertdialog"
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !pending) {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={titleId} className="text-sm font-semibold">
        {title}
      </p>
      <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{message}</div>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={pending} className="px-3 py-1.5 text-sm">
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button
          data-confirm
          onClick={() => void confirm()}
          busy={pending}
          className={`px-3 py-1.5 text-sm ${destructive ? 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600' : ''}`}
        >
          {confirmLabel ?? t('confirm')}
        </Button>
      </div>
    </div>
  );
}
