import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bind';
import { controlClassName, fieldAria, FieldFrame } from './FieldFrame';

export interface TextAreaFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O> {
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}

/** A multi-line text bound to the form (instructions, notes); holds a string ('' when empty). */
export function TextAreaField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, help, rows = 3, ...props }: TextAreaFieldProps<T, N, O>) {
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  return (
    <FieldFrame id={id} label={props.label} required={props.required} help={help} error={error} className={props.className}>
      <textarea
        id={id}
        ref={fieldRef}
        name={field.name}
        rows={rows}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        disabled={props.disabled}
        {...fieldAria(id, { required: props.required, help, error })}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className={`${controlClassName(error)} resize-y`}
      />
    </FieldFrame>
  );
}
