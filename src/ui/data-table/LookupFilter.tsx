import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ComboboxField, type LookupSearch } from '../form/ComboboxField';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

export interface LookupFilterProps {
  label: string;
  /** The chosen id; undefined: not filtering. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The server lookup (limit 10 with the typed term). */
  search: LookupSearch;
  /** The label of an id that came from the URL. */
  resolveLabel: (value: string) => Promise<string | null>;
  placeholder?: string;
}

/**
 * A filter drawer's server autocomplete (e.g. zones, services): the form kit's ComboboxField,
 * with the same debounce, abort, 'No results' + Retry and label resolution, over a draft value
 * instead of a form field.
 */
export function LookupFilter({ label, value, onChange, search, resolveLabel, placeholder: placeholderGiven }: LookupFilterProps) {
  const t = useT(uiMessages);
  const placeholder = placeholderGiven ?? t('filters.any');
  const form = useForm<{ value: string | null }>({ defaultValues: { value: value ?? null } });
  const { control, setValue } = form;
  const chosen = useWatch({ control, name: 'value' });

  // The draft changes from outside (Reset): follow it.
  useEffect(() => {
    if ((form.getValues('value') ?? undefined) !== value) setValue('value', value ?? null);
  }, [form, value, setValue]);

  // A choice in the combobox: the draft follows it.
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  });
  useEffect(() => {
    const next = chosen ?? undefined;
    if (next !== valueRef.current) onChangeRef.current(next);
  }, [chosen]);

  return <ComboboxField<{ value: string | null }, 'value'> name="value" control={control} label={label} search={search} resolveLabel={resolveLabel} placeholder={placeholder} />;
}
