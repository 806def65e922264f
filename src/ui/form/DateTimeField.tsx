import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField as TextInput } from '../TextField';
import { useBoundField, type BoundFieldProps } from './bind';

/**
 * A native date-and-time input (datetime-local); holds 'YYYY-MM-DDTHH:mm' in the browser's zone,
 * '' when empty. Convert to an ISO timestamp when saving (new Date(value).toISOString()).
 */
export function DateTimeField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  min,
  max,
  ...props
}: BoundFieldProps<T, N, O> & { min?: string; max?: string }) {
  const { fieldRef, field, error } = useBoundField({ name, control });
  return (
    <TextInput
      {...props}
      ref={fieldRef}
      type="datetime-local"
      name={field.name}
      min={min}
      max={max}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
