import { useId, type InputHTMLAttributes } from 'react';
import { filterInputClassName } from './filter-input';

/** One end of a range: its label, the input's text, its limits, and what typing in it does. */
export interface FilterRangeEnd {
  label: string;
  value: string;
  min?: InputHTMLAttributes<HTMLInputElement>['min'];
  max?: InputHTMLAttributes<HTMLInputElement>['max'];
  onChange: (text: string) => void;
}

export interface FilterRangeProps {
  label: string;
  type: 'number' | 'date';
  start: FilterRangeEnd;
  end: FilterRangeEnd;
}

/**
 * A range in a filter drawer: a fieldset named by `label` with two native inputs side by side
 * (keyboard and screen readers as usual), each labelled. Either end may stay empty for an open end;
 * the ranges built on it (`FilterNumberRange`, `FilterDateRange`) say how text becomes a bound and
 * keep the later end from going before the earlier one through `min`/`max`.
 */
export function FilterRange({ label, type, start, end }: FilterRangeProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-1 grid grid-cols-2 gap-3">
        {([['start', start], ['end', end]] as const).map(([key, bound]) => (
          <div key={key}>
            <label htmlFor={`${id}-${key}`} className="block text-xs text-slate-600 dark:text-slate-400">
              {bound.label}
            </label>
            <input
              id={`${id}-${key}`}
              type={type}
              min={bound.min}
              max={bound.max}
              className={filterInputClassName}
              value={bound.value}
              onChange={(event) => bound.onChange(event.target.value)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
