import type { FieldPath, FieldValues } from 'react-hook-form';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { useBoundField, type BoundFieldProps } from './bind';
import { controlClassName, fieldAria, FieldFrame } from './FieldFrame';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** '#abc' -> '#aabbcc': the colour picker takes six digits only. */
function pickerValue(value: string): string {
  if (HEX6.test(value)) return value.toLowerCase();
  if (HEX3.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return '#000000';
}

/** A hex colour bound to the form: a swatch that opens the browser's picker, and the hex text to type or paste. Holds a string. */
export function ColorField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, help, ...props }: BoundFieldProps<T, N, O>) {
  const t = useT(uiMessages);
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  const value = (field.value as string | null | undefined) ?? '';
  return (
    <FieldFrame id={id} label={props.label} required={props.required} help={help} error={error} className={props.className}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('field.colorPicker', { label: props.label })}
          className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900"
          value={pickerValue(value)}
          disabled={props.disabled}
          onChange={(event) => field.onChange(event.target.value)}
        />
        <input
          ref={fieldRef}
          id={id}
          name={field.name}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          placeholder="#1d4ed8"
          className={`${controlClassName(error)} font-mono`}
          value={value}
          disabled={props.disabled}
          {...fieldAria(id, { required: props.required, help, error })}
          onChange={(event) => field.onChange(event.target.value.trim())}
          onBlur={field.onBlur}
        />
      </div>
    </FieldFrame>
  );
}
