import { useId } from 'react';
import { filterInputClassName } from './filter-input';

export interface FilterTextProps {
  label: string;
  /** undefined: not filtering. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  maxLength?: number;
}

/** Free text in a filter drawer (a brand, a lot number): blank means no filter. */
export function FilterText({ label, value, onChange, maxLength = 100 }: FilterTextProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={filterInputClassName}
        value={value ?? ''}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : event.target.value)}
      />
    </div>
  );
}
