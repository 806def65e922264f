import { useId } from 'react';
import type { FilterSelectOption } from './FilterSelect';

export interface FilterCheckboxesProps<V extends string> {
  label: string;
  /** The chosen values; empty: not filtering. */
  value: readonly V[];
  options: readonly (FilterSelectOption & { value: V })[];
  onChange: (value: V[]) => void;
}

/** Several choices in a filter drawer (e.g. statuses): native checkboxes in a fieldset, in the options' order. */
export function FilterCheckboxes<V extends string>({ label, value, options, onChange }: FilterCheckboxesProps<V>) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{label}</legend>
      <p id={`${id}-hint`} className="sr-only">
        None checked: any
      </p>
      <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand"
              checked={value.includes(option.value)}
              onChange={(event) =>
                onChange(event.target.checked ? options.map((o) => o.value).filter((v) => v === option.value || value.includes(v)) : value.filter((v) => v !== option.value))
              }
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
