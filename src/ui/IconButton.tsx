import type { ButtonHTMLAttributes, Ref } from 'react';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name: icon buttons have no visible text. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

export const iconButtonClassName =
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export function IconButton({ label, className, type = 'button', children, ref, ...rest }: IconButtonProps) {
  return (
    <button ref={ref} type={type} aria-label={label} title={label} className={`${iconButtonClassName} ${className ?? ''}`} {...rest}>
      {children}
    </button>
  );
}
