import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { filterInputClassName } from './filter-input';
import { LabelledFilter } from './LabelledFilter';

export interface FilterSelectOption {
  value: string;
  label: string;
}

export interface FilterSelectProps<V extends string> {
  label: string;
  /** undefined: not filtering ('Any'). */
  value: V | undefined;
  options: readonly FilterSelectOption[];
  onChange: (value: V | undefined) => void;
  anyLabel?: string;
}

/** One choice in a filter drawer, 'Any' for none: a native select, so keyboard and screen readers work as usual. */
export function FilterSelect<V extends string>({ label, value, options, onChange, anyLabel: anyLabelGiven }: FilterSelectProps<V>) {
  const t = useT(uiMessages);
  const anyLabel = anyLabelGiven ?? t('filters.any');
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <select
          id={id}
          className={filterInputClassName}
          value={value ?? ''}
          onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}
        >
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledFilter>
  );
}
