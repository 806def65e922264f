import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { IconButton } from './IconButton';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Which edge the panel slides from. */
  side?: 'left' | 'right';
  /** Tailwind width classes of the panel. */
  widthClassName?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Classes of the body instead of the padded, scrolling default (a chat fills it and scrolls inside). */
  bodyClassName?: string;
}

/**
 * A modal side panel on the native <dialog>: showModal() makes the rest of the page inert (so
 * focus stays inside), Escape closes it, and focus returns to what opened it.
 */
export function Drawer({ open, onClose, title, side = 'right', widthClassName = 'w-80 max-w-[90vw]', children, footer, bodyClassName = 'flex-1 overflow-y-auto px-4 py-4' }: DrawerProps) {
  const t = useT(uiMessages);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape fires 'cancel': let React's state close it, so the open prop stays the truth.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside the panel.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      className={
        'fixed inset-y-0 m-0 h-dvh max-h-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 dark:bg-slate-900 dark:text-slate-100 ' +
        (side === 'right' ? 'right-0 left-auto ' : 'left-0 right-auto ') +
        widthClassName
      }
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            <IconButton label={t('close')} onClick={() => onCloseRef.current()}>
              <CloseIcon />
            </IconButton>
          </div>
          <div className={bodyClassName}>{children}</div>
          {footer && <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
