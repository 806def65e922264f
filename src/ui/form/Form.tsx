import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, use, useEffect, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type FieldErrors, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, type ServerErrorMessages, type ServerErrorResult, type SetServerError } from '../../lib/server-errors';
import { useServerWords } from '../../lib/server-messages/server-words';
import { Button, type ButtonProps } from '../Button';
import { useToast } from '../toast';

/** The names of the fields a <Form> renders, so server errors land only on fields the user can see. */
const KnownFieldsContext = createContext<Map<string, number> | null>(null);

/** Called by every bound field: registers its name with the surrounding <Form> while mounted. */
export function useKnownField(name: string) {
  const known = use(KnownFieldsContext);
  useEffect(() => {
    if (!known) return;
    known.set(name, (known.get(name) ?? 0) + 1);
    return () => {
      const count = (known.get(name) ?? 1) - 1;
      if (count > 0) known.set(name, count);
      else known.delete(name);
    };
  }, [known, name]);
}

/** Rewrites every error message in a (nested) errors object, in place. */
function mapMessages(errors: FieldErrors, translate: (message: string) => string): void {
  for (const value of Object.values(errors) as unknown[]) {
    if (!value || typeof value !== 'object') continue;
    const error = value as { message?: unknown };
    if (typeof error.message === 'string') error.message = translate(error.message);
    mapMessages(value as FieldErrors, translate);
  }
}

/**
 * useForm with the schema's zod resolver; errors show after a field is left, then follow typing.
 * `translate` turns each of the schema's (English) messages into the words shown, e.g. the page's
 * language; it is read when the form validates, so a language switch applies from the next check.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
  translate?: (message: string) => string,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const base: Resolver<z.input<S>, unknown, z.output<S>> = zodResolver(schema);
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = translate
    ? async (values, context, resolverOptions) => {
        const result = await base(values, context, resolverOptions);
        mapMessages(result.errors, translate);
        return result;
      }
    : base;
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}

export interface FormProps<TValues extends FieldValues, TContext, TOutput>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  /** Runs with the validated values. Throw (or reject with) the server's error to have it mapped onto the fields. */
  onSubmit: (values: TOutput) => unknown;
  /**
   * Called after a thrown error was mapped (fields already set). Without it, whatever no field
   * could show becomes one error toast.
   */
  onServerError?: (error: unknown, result: ServerErrorResult) => void;
  /** Messages for constraint errors and for an error with no message of its own. */
  serverMessages?: ServerErrorMessages;
  children: ReactNode;
}

/**
 * A form bound to react-hook-form: the fields inside find it by context, zod validates on
 * submit, and an error thrown by onSubmit goes through applyServerErrors (lib/server-errors.ts):
 * the server's keyed refusals show in the page's language (lib/server-messages), the rest as worded.
 */
export function Form<TValues extends FieldValues, TContext, TOutput>({
  form,
  onSubmit,
  onServerError,
  serverMessages,
  children,
  ...rest
}: FormProps<TValues, TContext, TOutput>) {
  const toast = useToast();
  const [known] = useState(() => new Map<string, number>());
  const serverWords = useServerWords();

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const result = applyServerErrors(error, form.setError as SetServerError, known.keys(), { translate: serverWords, ...serverMessages });
      if (onServerError) onServerError(error, result);
      else if (result.unmatched) toast.error(result.unmatched);
    }
  });

  return (
    <FormProvider {...form}>
      <KnownFieldsContext value={known}>
        <form noValidate aria-busy={form.formState.isSubmitting || undefined} {...rest} onSubmit={(event) => void submit(event)}>
          {children}
        </form>
      </KnownFieldsContext>
    </FormProvider>
  );
}

/** The form's submit button: busy while the submit runs. */
export function SubmitButton({ children, ...rest }: Omit<ButtonProps, 'type'>) {
  const { formState } = useFormContext();
  return (
    <Button type="submit" busy={formState.isSubmitting} {...rest}>
      {children}
    </Button>
  );
}
