import { filterInputClassName } from './filter-input';
import { LabelledFilter } from './LabelledFilter';

export interface FilterDateProps {
  label: string;
  /** 'YYYY-MM-DD' or undefined (any day). */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** One day in a filter drawer: a native date input; empty means any day. */
export function FilterDate({ label, value, onChange }: FilterDateProps) {
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <input id={id} type="date" className={filterInputClassName} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} />
      )}
    </LabelledFilter>
  );
}
