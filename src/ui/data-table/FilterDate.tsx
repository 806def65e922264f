import { useId } from 'react';

export interface FilterDateProps {
  label: string;
  /** 'YYYY-MM-DD' or undefined (any day). */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** One day in a filter drawer: a native date input; empty means any day. */
export function FilterDate({ label, value, onChange }: FilterDateProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} type="date" className={inputClass} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} />
    </div>
  );
}
