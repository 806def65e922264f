import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../../ui/form';

/**
 * The auth forms on the shared form (src/ui/form): the schema's messages appear when the form is
 * submitted (the first invalid field takes focus) and then follow typing.
 */
export function useAuthForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useZodForm(schema, { defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}
