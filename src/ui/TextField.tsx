import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { controlClassName, describedBy, FieldFrame } from './form/FieldFrame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | undefined;
  /** A hint under the field, announced with it. */
  help?: ReactNode;
  /** Classes of the wrapper around label, input and messages. */
  className?: string;
  /** Classes added to the <input> itself. */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; `required` marks the label (forms use noValidate, so the browser does not step in). */
export function TextField({ label, error, help, className, inputClassName, ref, required, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} help={help} error={error} className={className}>
      <input
        id={id}
        ref={ref}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
        className={`${controlClassName(error)} ${inputClassName ?? ''}`}
        {...input}
      />
    </FieldFrame>
  );
}
