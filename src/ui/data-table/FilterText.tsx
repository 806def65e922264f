import { filterInputClassName } from './filter-input';
import { LabelledFilter } from './LabelledFilter';

export interface FilterTextProps {
  label: string;
  /** undefined: not filtering. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  maxLength?: number;
}

/** Free text in a filter drawer (a brand, a lot number): blank means no filter. */
export function FilterText({ label, value, onChange, maxLength = 100 }: FilterTextProps) {
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <input
          id={id}
          className={filterInputClassName}
          value={value ?? ''}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : event.target.value)}
        />
      )}
    </LabelledFilter>
  );
}
