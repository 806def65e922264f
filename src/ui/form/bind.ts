import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useKnownField } from './Form';

/** What every bound field takes. Inside <Form> the control comes from context; outside, pass `control`. */
export interface BoundFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> extends FieldFrameProps<T, O> {
  name: N;
}

/** A field's frame apart from its name, whose kind differs (a value's path, an array's path). */
export interface FieldFrameProps<T extends FieldValues, O = T> {
  control?: Control<T, unknown, O> | undefined;
  label: string;
  /** Marks the label; the schema is what enforces it. */
  required?: boolean | undefined;
  help?: ReactNode;
  disabled?: boolean | undefined;
  className?: string | undefined;
}

/** The controller of one field, its error message and the id its label points at. */
export function useBoundField<T extends FieldValues, N extends FieldPath<T>, O>({ name, control }: { name: N; control?: Control<T, unknown, O> | undefined }) {
  // `disabled` is not passed on: react-hook-form would then submit the value as undefined.
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController<T, N, O>({ name, control });
  useKnownField(name);
  const id = useId();
  const error = fieldState.error?.message;
  // The ref apart from the rest: the React compiler treats an object holding `ref` as a ref and forbids reading it while rendering.
  return { fieldRef: ref, field: { name, value: value as unknown, onChange, onBlur }, error, id };
}

/** useBoundField for a control that holds text ('' when empty): its props, with the ref and the change handler apart. */
export function useBoundText<T extends FieldValues, N extends FieldPath<T>, O>(props: { name: N; control?: Control<T, unknown, O> | undefined }) {
  const { fieldRef, field, error } = useBoundField(props);
  return { fieldRef, onChange: field.onChange, text: { name: field.name, value: (field.value as string | null | undefined) ?? '', onBlur: field.onBlur, error } };
}
