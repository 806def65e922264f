import { useId } from 'react';

export interface FilterDateRangeProps {
  label: string;
  /** 'YYYY-MM-DD' or undefined (open-ended). */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * A date range in a filter drawer: two native date inputs (keyboard and screen readers as usual),
 * each may stay empty for an open end. The later bound cannot be set before the earlier one.
 */
export function FilterDateRange({ label, from, to, onChange }: FilterDateRangeProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-1 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="block text-xs text-slate-600 dark:text-slate-400">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass}
            value={from ?? ''}
            max={to}
            onChange={(event) => onChange({ from: event.target.value || undefined, to })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-xs text-slate-600 dark:text-slate-400">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass}
            value={to ?? ''}
            min={from}
            onChange={(event) => onChange({ from, to: event.target.value || undefined })}
          />
        </div>
      </div>
    </fieldset>
  );
}
