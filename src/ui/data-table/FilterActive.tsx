import { useMemo } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { FilterSelect } from './FilterSelect';

export interface FilterActiveProps {
  /** undefined: not filtering ('Any'). */
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  label?: string;
}

/** The Status filter of an on/off record (`filterParam.boolean()`): Any, Active or Inactive. */
export function FilterActive({ value, onChange, label }: FilterActiveProps) {
  const t = useT(uiMessages);
  const options = useMemo(
    () => [
      { value: 'true' as const, label: t('chip.active') },
      { value: 'false' as const, label: t('chip.inactive') },
    ],
    [t],
  );
  return (
    <FilterSelect
      label={label ?? t('filters.status')}
      value={value === undefined ? undefined : value ? 'true' : 'false'}
      options={options}
      onChange={(next) => onChange(next === undefined ? undefined : next === 'true')}
    />
  );
}
