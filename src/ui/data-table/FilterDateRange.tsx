import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { FilterRange } from './FilterRange';

export interface FilterDateRangeProps {
  label: string;
  /** 'YYYY-MM-DD' or undefined (open-ended). */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

/** A date range in a filter drawer: two date inputs, either may stay empty; `to` cannot go before `from`. */
export function FilterDateRange({ label, from, to, onChange }: FilterDateRangeProps) {
  const t = useT(uiMessages);
  return (
    <FilterRange
      label={label}
      type="date"
      start={{ label: t('filters.from'), value: from ?? '', max: to, onChange: (text) => onChange({ from: text || undefined, to }) }}
      end={{ label: t('filters.to'), value: to ?? '', min: from, onChange: (text) => onChange({ from, to: text || undefined }) }}
    />
  );
}
