import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={
          'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 ' +
          'focus:outline-2 focus:outline-offset-0 disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100 ' +
          (error
            ? 'border-red-500 focus:outline-red-500 dark:border-red-400'
            : 'border-slate-300 focus:outline-indigo-600 dark:border-slate-600 dark:focus:outline-indigo-400')
        }
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
