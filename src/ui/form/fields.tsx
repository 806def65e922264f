import { Switch } from '@headlessui/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField as TextInput } from '../TextField';
import { useBoundField, useBoundText, type BoundFieldProps } from './bind';
import { controlClassName, describedBy, fieldAria, FieldFrame, FieldNotes, labelClassName } from './FieldFrame';
import { normalizeTime } from './time';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

export interface Option<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

type InputExtras = Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength'>;

export interface TextFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O>, InputExtras {
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
}

/** The kit's text input bound to the form, for any value held as text ('' when empty): text, a date, a date and time. */
function BoundTextInput<T extends FieldValues, N extends FieldPath<T>, O>({
  name,
  control,
  ...props
}: BoundFieldProps<T, N, O> & InputExtras & { type: string; min?: string; max?: string }) {
  const { fieldRef, onChange, text } = useBoundText({ name, control });
  return <TextInput {...props} ref={fieldRef} {...text} onChange={onChange} />;
}

/** A text input bound to the form; holds a string ('' when empty). */
export function TextField<T extends FieldValues, N extends FieldPath<T>, O = T>({ type = 'text', ...props }: TextFieldProps<T, N, O>) {
  return <BoundTextInput<T, N, O> {...props} type={type} />;
}

export interface NumberFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O>, Pick<InputExtras, 'placeholder' | 'autoFocus'> {
  min?: number;
  max?: number;
  step?: number | 'any';
  /** A unit shown after the input, e.g. 'kg'. */
  unit?: string;
}

/** A number input; holds a number, or null while empty (so the schema's own message says what is missing). */
export function NumberField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, unit, help, ...props }: NumberFieldProps<T, N, O>) {
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  const value = field.value as number | null | undefined;
  return (
    <FieldFrame id={id} label={props.label} required={props.required} help={help} error={error} className={props.className}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          ref={fieldRef}
          type="number"
          name={field.name}
          inputMode="decimal"
          min={props.min}
          max={props.max}
          step={props.step}
          placeholder={props.placeholder}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          {...fieldAria(id, { required: props.required, help, error })}
          value={value == null || Number.isNaN(value) ? '' : value}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)}
          onBlur={field.onBlur}
          className={controlClassName(error)}
        />
        {unit && <span className="text-sm text-slate-500 dark:text-slate-400">{unit}</span>}
      </div>
    </FieldFrame>
  );
}

export interface SelectFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O> {
  options: readonly Option[];
  /** The first, empty choice ('' in the form). */
  placeholder?: string;
}

/** A native select: keyboard and screen-reader behaviour for free. Holds the chosen value, '' for none. */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  options,
  placeholder,
  help,
  ...props
}: SelectFieldProps<T, N, O>) {
  const t = useT(uiMessages);
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  return (
    <FieldFrame id={id} label={props.label} required={props.required} help={help} error={error} className={props.className}>
      <select
        id={id}
        ref={fieldRef}
        name={field.name}
        disabled={props.disabled}
        {...fieldAria(id, { required: props.required, help, error })}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className={controlClassName(error)}
      >
        <option value="">{placeholder ?? t('field.select')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A group of checkboxes under a legend; holds the chosen values in the options' order. */
export function MultiSelectField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  options,
  help,
  label,
  required,
  disabled,
  className,
}: BoundFieldProps<T, N, O> & { options: readonly Option[] }) {
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  const chosen = (field.value as string[] | null | undefined) ?? [];
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    field.onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  };
  return (
    <fieldset className={className} aria-describedby={describedBy(id, help, error)} disabled={disabled}>
      <legend className={labelClassName(required)}>{label}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option, index) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              ref={index === 0 ? fieldRef : undefined}
              name={field.name}
              value={option.value}
              checked={chosen.includes(option.value)}
              disabled={option.disabled}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={field.onBlur}
              className="size-4 rounded border-slate-300 accent-brand dark:border-slate-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </fieldset>
  );
}

/** An on/off switch (Headless UI Switch, role="switch"); holds a boolean. */
export function SwitchField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, label, help, required, disabled, className }: BoundFieldProps<T, N, O>) {
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  const on = Boolean(field.value);
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          ref={fieldRef}
          checked={on}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, help, error)}
          className={
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ' +
            'disabled:cursor-not-allowed disabled:opacity-60 ' +
            (on ? 'bg-brand' : 'bg-slate-300 dark:bg-slate-600')
          }
        >
          <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
        </Switch>
        <label htmlFor={id} className={labelClassName(required)}>
          {label}
        </label>
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

/** A single checkbox with its label beside it; holds a boolean. */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, label, help, required, disabled, className }: BoundFieldProps<T, N, O>) {
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          ref={fieldRef}
          type="checkbox"
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, help, error)}
          className="size-4 rounded border-slate-300 accent-brand disabled:opacity-60 dark:border-slate-600"
        />
        <label htmlFor={id} className={labelClassName(required).replace('block ', '')}>
          {label}
        </label>
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

type DateBounds = { min?: string; max?: string };

/** A native date input; holds 'YYYY-MM-DD', '' when empty. */
export function DateField<T extends FieldValues, N extends FieldPath<T>, O = T>(props: BoundFieldProps<T, N, O> & DateBounds) {
  return <BoundTextInput<T, N, O> {...props} type="date" />;
}

/**
 * A native date-and-time input (datetime-local); holds 'YYYY-MM-DDTHH:mm' in the browser's zone,
 * '' when empty. Convert to an ISO timestamp when saving (new Date(value).toISOString()).
 */
export function DateTimeField<T extends FieldValues, N extends FieldPath<T>, O = T>(props: BoundFieldProps<T, N, O> & DateBounds) {
  return <BoundTextInput<T, N, O> {...props} type="datetime-local" />;
}

/**
 * A 24-hour HH:mm time typed as text: the native time input shows AM/PM in many locales, and
 * the spec's format is HH:mm. '930' or '9:30' becomes '09:30' on leaving the field; validate
 * with timeSchema() from ./time.
 */
export function TimeField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, help, ...props }: BoundFieldProps<T, N, O> & { help?: ReactNode }) {
  const t = useT(uiMessages);
  const { fieldRef, field, error } = useBoundField({ name, control });
  return (
    <TextInput
      {...props}
      help={help ?? t('time.help')}
      ref={fieldRef}
      type="text"
      name={field.name}
      inputMode="numeric"
      placeholder={t('time.placeholder')}
      maxLength={5}
      autoComplete="off"
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={(event) => {
        const normalized = normalizeTime(event.target.value);
        if (normalized !== event.target.value) field.onChange(normalized);
        field.onBlur();
      }}
      error={error}
    />
  );
}
