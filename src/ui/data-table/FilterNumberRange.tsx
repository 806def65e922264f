import { useId } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { filterInputClassName, wholeNumberOrUndefined } from './filter-input';

export interface FilterNumberRangeProps {
  label: string;
  /** Whole numbers of 0 or more, undefined for an open end. */
  min: number | undefined;
  max: number | undefined;
  onChange: (range: { min: number | undefined; max: number | undefined }) => void;
}

/** A range of quantities in a filter drawer: two number inputs, either may stay empty. */
export function FilterNumberRange({ label, min, max, onChange }: FilterNumberRangeProps) {
  const t = useT(uiMessages);
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-1 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-min`} className="block text-xs text-slate-600 dark:text-slate-400">
            {t('filters.min')}
          </label>
          <input
            id={`${id}-min`}
            type="number"
            min={0}
            max={max}
            className={filterInputClassName}
            value={min ?? ''}
            onChange={(event) => onChange({ min: wholeNumberOrUndefined(event.target.value), max })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="block text-xs text-slate-600 dark:text-slate-400">
            {t('filters.max')}
          </label>
          <input
            id={`${id}-max`}
            type="number"
            min={min ?? 0}
            className={filterInputClassName}
            value={max ?? ''}
            onChange={(event) => onChange({ min, max: wholeNumberOrUndefined(event.target.value) })}
          />
        </div>
      </div>
    </fieldset>
  );
}
