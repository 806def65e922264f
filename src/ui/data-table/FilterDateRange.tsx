import { useId } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { filterInputClassName } from './filter-input';

export interface FilterDateRangeProps {
  label: string;
  /** 'YYYY-MM-DD' or undefined (open-ended). */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

/**
 * A date range in a filter drawer: two native date inputs (keyboard and screen readers as usual),
 * each may stay empty for an open end. The later bound cannot be set before the earlier one.
 */
export function FilterDateRange({ label, from, to, onChange }: FilterDateRangeProps) {
  const t = useT(uiMessages);
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-1 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="block text-xs text-slate-600 dark:text-slate-400">
            {t('filters.from')}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={filterInputClassName}
            value={from ?? ''}
            max={to}
            onChange={(event) => onChange({ from: event.target.value || undefined, to })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-xs text-slate-600 dark:text-slate-400">
            {t('filters.to')}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={filterInputClassName}
            value={to ?? ''}
            min={from}
            onChange={(event) => onChange({ from, to: event.target.value || undefined })}
          />
        </div>
      </div>
    </fieldset>
  );
}
