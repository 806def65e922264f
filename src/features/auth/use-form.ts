import { useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { firstErrorPerField, type FieldErrors } from '../../lib/form-errors';

/**
 * The state of a small auth form: values, one error per field from its zod schema, and a
 * validated submit that reports the first invalid field so the page can focus it.
 */
export function useAuthForm<S extends z.ZodType<Record<string, unknown>, Record<string, string>>>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  function field(name: keyof Values & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  }

  /** The parsed values, or null after showing the errors (with the first invalid field's name). */
  function validate(): { data: z.output<S> } | { invalid: keyof Values & string } {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return { data: parsed.data };
    }
    const fieldErrors = firstErrorPerField(parsed.error) as FieldErrors<Values>;
    setErrors(fieldErrors);
    const first = (Object.keys(initial) as (keyof Values & string)[]).find((name) => fieldErrors[name]);
    return { invalid: first ?? (Object.keys(initial)[0] as keyof Values & string) };
  }

  return { values, field, validate };
}
