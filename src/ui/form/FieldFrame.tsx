import type { ReactNode } from 'react';

/** The ids a field's control points at with aria-describedby: its help, then its error. */
export function describedBy(id: string, help: ReactNode, error: string | undefined): string | undefined {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** What a field's control tells assistive technology: required, invalid, and where its help and error are. */
export function fieldAria(id: string, field: { required?: boolean | undefined; help?: ReactNode; error?: string | undefined }) {
  return {
    'aria-required': field.required || undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy(id, field.help, field.error),
  } as const;
}

/** The label's look; a required field gets a marker drawn by CSS, so the label's text (its accessible name) stays the plain label. */
export const labelClassName = (required: boolean | undefined) =>
  'block text-sm font-medium text-slate-700 dark:text-slate-200' + (required ? " after:ml-0.5 after:text-red-600 after:content-['*'] dark:after:text-red-400" : '');

export const controlClassName = (error: string | undefined) =>
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 ' +
  'focus:outline-2 focus:outline-offset-0 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100 ' +
  (error
    ? 'border-red-500 focus:outline-red-500 dark:border-red-400'
    : 'border-slate-300 focus:outline-indigo-600 dark:border-slate-600 dark:focus:outline-indigo-400');

/** Help text and error message under a control, with the ids that describedBy() names. */
export function FieldNotes({ id, help, error }: { id: string; help?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}

export interface FieldFrameProps {
  /** The control's id; the label points at it. */
  id: string;
  label: string;
  required?: boolean | undefined;
  help?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** Label above, control, then help and error: the layout every single-control field shares. */
export function FieldFrame({ id, label, required, help, error, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName(required)}>
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}
