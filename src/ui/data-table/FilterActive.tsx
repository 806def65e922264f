import { FilterSelect } from './FilterSelect';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

export interface FilterActiveProps {
  /** undefined: not filtering ('Any'). */
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  label?: string;
}

/** The Status filter of an on/off record (`filterParam.boolean()`): Any, Active or Inactive. */
export function FilterActive({ value, onChange, label = 'Status' }: FilterActiveProps) {
  return (
    <FilterSelect
      label={label}
      value={value === undefined ? undefined : value ? 'true' : 'false'}
      options={ACTIVE_OPTIONS}
      onChange={(next) => onChange(next === undefined ? undefined : next === 'true')}
    />
  );
}
