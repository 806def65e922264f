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

/**
 * What a schema rule says beside its words, for a translator that must not read numbers back from
 * English: a text's length limit (`maxLength`), another limit (`max`, `min`), a custom rule's `params`.
 */
export type SchemaDetail = Readonly<Record<string, unknown>>;

/** A schema message's translator: its words, and the detail of the issue that said them. */
export type SchemaTranslate = (message: string, detail?: SchemaDetail) => string;

function issueDetail(issue: z.core.$ZodIssue): SchemaDetail {
  if (issue.code === 'too_big') return issue.origin === 'string' ? { maxLength: Number(issue.maximum) } : { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  return issue.code === 'custom' && issue.params ? issue.params : {};
}

/** Rewrites every error message in a (nested) errors object, in place, with its issue's detail (by path and words). */
function mapMessages(errors: FieldErrors, translate: SchemaTranslate, details: ReadonlyMap<string, SchemaDetail>, path = ''): void {
  for (const [name, value] of Object.entries(errors) as [string, unknown][]) {
    if (!value || typeof value !== 'object') continue;
    const error = value as { message?: unknown };
    const at = path ? `${path}.${name}` : name;
    if (typeof error.message === 'string') error.message = translate(error.message, details.get(`${at}\u0000${error.message}`));
    mapMessages(value as FieldErrors, translate, details, at);
  }
}

/**
 * useForm with the schema's zod resolver; errors show after a field is left, then follow typing.
 * `translate` turns each of the schema's (English) messages into the words shown, e.g. the page's
 * language; it is read when the form validates, so a language switch applies from the next check.
 * It receives each issue's detail too (read by a second parse of invalid values), so a limit is
 * worded from its number, never read back from the English.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
  translate?: SchemaTranslate,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const base: Resolver<z.input<S>, unknown, z.output<S>> = zodResolver(schema);
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = translate
    ? async (values, context, resolverOptions) => {
        const result = await base(values, context, resolverOptions);
        if (Object.keys(result.errors).length === 0) return result;
        const parsed = await schema.safeParseAsync(values);
        const details = new Map((parsed.error?.issues ?? []).map((issue) => [`${issue.path.join('.')}\u0000${issue.message}`, issueDetail(issue)] as const));
        mapMessages(result.errors, translate, details);
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
