import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { wholeNumberOrUndefined } from './filter-input';
import { FilterRange } from './FilterRange';

/** Whole numbers of 0 or more, undefined for an open end. */
type NumberRange = Record<'min' | 'max', number | undefined>;

export interface FilterNumberRangeProps extends NumberRange {
  label: string;
  onChange: (range: NumberRange) => void;
}

/** A range of quantities in a filter drawer: two number inputs, either may stay empty. */
export function FilterNumberRange({ label, min, max, onChange }: FilterNumberRangeProps) {
  const t = useT(uiMessages);
  return (
    <FilterRange
      label={label}
      type="number"
      start={{
        label: t('filters.min'),
        value: min === undefined ? '' : String(min),
        min: 0,
        max,
        onChange: (text) => onChange({ min: wholeNumberOrUndefined(text), max }),
      }}
      end={{
        label: t('filters.max'),
        value: max === undefined ? '' : String(max),
        min: min ?? 0,
        onChange: (text) => onChange({ min, max: wholeNumberOrUndefined(text) }),
      }}
    />
  );
}
