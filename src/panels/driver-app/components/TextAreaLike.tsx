import { useId } from 'react';
import { controlClassName, describedBy, FieldFrame } from '../../../ui/form/FieldFrame';

/** A labelled textarea outside react-hook-form (the driver's sheets keep their few values in state). */
export function TextAreaLike({
  label,
  value,
  onChange,
  error,
  required,
  help,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  help?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} help={help} error={error}>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
        className={controlClassName(error)}
      />
    </FieldFrame>
  );
}
