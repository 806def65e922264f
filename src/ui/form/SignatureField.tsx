import type { FieldPath, FieldValues } from 'react-hook-form';
import { SignaturePad } from '../SignaturePad';
import { useBoundField, type BoundFieldProps } from './bind';

/**
 * A drawn signature bound to the form; holds the PNG as a Blob, or null until something is drawn
 * (validate with `z.custom<Blob | null>((value) => value instanceof Blob, '…')` when it is required);
 * the screen uploads the Blob in onSubmit.
 */
export function SignatureField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, ...props }: BoundFieldProps<T, N, O>) {
  const { fieldRef, field, error } = useBoundField({ name, control });
  return <SignaturePad {...props} ref={fieldRef} value={field.value as Blob | null | undefined} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}
