import { useId, type ReactNode } from 'react';
import { get, useFieldArray, useFormContext, useFormState, type ArrayPath, type FieldArray, type FieldArrayWithId, type FieldValues } from 'react-hook-form';
import { Button } from '../Button';
import type { FieldFrameProps } from './bind';
import { FieldNotes, labelClassName } from './FieldFrame';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

export interface ArrayFieldProps<T extends FieldValues, N extends ArrayPath<T>, O> extends FieldFrameProps<T, O> {
  name: N;
  /** The values of a new row. */
  newRow: () => FieldArray<T, N>;
  /** The fewest rows: Remove is hidden at this count (a pick order offers Remove only when more than one row is left). */
  min?: number;
  /** The most rows: Add is hidden at this count. */
  max?: number;
  addLabel?: string;
  removeLabel?: string;
  /** One row's fields; name them `${name}.${index}.<field>`. */
  children: (index: number, row: FieldArrayWithId<T, N, 'key'>) => ReactNode;
}

/** Repeated rows of fields (useFieldArray) with Add and Remove; errors for the whole list show under it. */
export function ArrayField<T extends FieldValues, N extends ArrayPath<T>, O = T>({
  name,
  control,
  newRow,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  addLabel: addLabelGiven,
  removeLabel: removeLabelGiven,
  children,
  ...frame
}: ArrayFieldProps<T, N, O>) {
  const { label, required, help, disabled, className } = frame;
  const t = useT(uiMessages);
  const addLabel = addLabelGiven ?? t('field.add');
  const removeLabel = removeLabelGiven ?? t('field.remove');
  const context = useFormContext<T, unknown, O>() as ReturnType<typeof useFormContext<T, unknown, O>> | null;
  const formControl = control ?? context?.control;
  const { fields, append, remove } = useFieldArray<T, N, 'key', O>({ name, control: formControl, keyName: 'key' });
  const { errors } = useFormState({ control: formControl, name: name as never });
  const id = useId();
  const listError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const error = listError?.root?.message ?? listError?.message;

  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}>
      <legend className={labelClassName(required)}>{label}</legend>
      <ol className="mt-2 space-y-3">
        {fields.map((row, index) => (
          <li
            key={row.key}
            aria-label={`${label} ${index + 1}`}
            className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="grid flex-1 gap-3 sm:grid-cols-2">{children(index, row)}</div>
            {fields.length > min && (
              <Button variant="secondary" disabled={disabled} onClick={() => remove(index)} aria-label={`${removeLabel} ${index + 1}`}>
                {removeLabel}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {fields.length < max && (
        <Button variant="secondary" className="mt-3" disabled={disabled} onClick={() => append(newRow())}>
          {addLabel}
        </Button>
      )}
      <FieldNotes id={id} help={help} error={error} />
    </fieldset>
  );
}
