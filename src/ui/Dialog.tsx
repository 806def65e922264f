import { Dialog as HeadlessDialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { IconButton } from './IconButton';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

const sizes = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  /** Escape, a click outside and the close button call this. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom, e.g. Cancel and Save. */
  footer?: ReactNode;
  size?: keyof typeof sizes;
  /** Hide the corner close button (ConfirmDialog has its own Cancel). */
  hideClose?: boolean;
  role?: 'dialog' | 'alertdialog';
}

/** A centred modal (Headless UI Dialog): focus is trapped inside and returns to the opener on close. */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', hideClose = false, role = 'dialog' }: DialogProps) {
  const t = useT(uiMessages);
  // Headless UI makes the rest of the page inert through the page's root, which it finds one commit
  // after it mounts; once its start-up is over (any earlier Headless UI component), a dialog mounted
  // already open would make nothing inert. So the dialog opens in the commit after its mount: before
  // any paint, the page behind it inert.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- deliberately one commit after the mount, before the first paint: see above.
  useLayoutEffect(() => setMounted(true), []);
  return (
    <HeadlessDialog open={open && mounted} onClose={onClose} role={role} className="relative z-50">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-950/40" />
      {/* Centred inside a min-h-full box, not by the scrolling box itself: a dialog taller than the
          window scrolls from its top instead of being cut off above it. */}
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            className={`w-full ${sizes[size]} rounded-2xl bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-800`}
          >
            <div className="flex items-start justify-between gap-3 px-5 pt-5">
              <div>
                <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
                {description && <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</Description>}
              </div>
              {!hideClose && (
                <IconButton label={t('close')} onClick={onClose} className="-mt-2 -mr-2">
                  <CloseIcon />
                </IconButton>
              )}
            </div>
            {children && <div className="px-5 pt-4">{children}</div>}
            {footer && <div className="flex flex-wrap justify-end gap-2 px-5 pt-5 pb-5">{footer}</div>}
            {!footer && <div className="pb-5" />}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
