import { useMemo } from 'react';
import type { DefaultValues, FieldPath, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { useT, type Catalogue, type Translate } from '../../lib/i18n/catalogue';
import { useRecordListPath } from '../record-list';
import type { FileValue } from './FileField';
import { useZodForm, type SchemaDetail } from './Form';
import { useRecordSave, useRecordToasts, useStoreFiles, type RecordToastKey } from './record-save';

/** The toasts an area words for its record form (validation and unknown fall back to the kit's). */
type SaveToastKey = Exclude<RecordToastKey, 'toast.validation' | 'toast.unknown'>;

type Schema = z.ZodType<FieldValues, FieldValues>;

/** What a record form is, declared once beside its page (`defineRecordForm`); `useRecordForm` runs it. */
export interface RecordFormDefinition<S extends Schema, K extends string, Row extends { id: string }, Write, Created> {
  /** The area's catalogue: the form's words (`t`) and its save toasts (`toast.*`, as `useRecordToasts` reads them). */
  words: Catalogue<K | SaveToastKey>;
  schema: S;
  /** A schema message in the page's language (the area's `translate…Message`); shown as worded without it. */
  translate?: (t: Translate<NoInfer<K> | SaveToastKey>, message: string, detail?: SchemaDetail) => string;
  /** Or the schema's messages and their keys: a message with a key shows in the page's language, any other as worded. */
  messageKeys?: Readonly<Record<string, NoInfer<K> | SaveToastKey>>;
  /** The form's values for a record being edited. */
  values?: (record: Row) => DefaultValues<z.input<S>>;
  /** A new record's values (unless the screen gives them: `useRecordForm`'s `empty`). */
  empty?: () => DefaultValues<z.input<S>>;
  /**
   * A file field whose new files are uploaded (in the scope) before the save, as `useStoreFiles` does;
   * `uploaded`/`uploadFailed` name the area's words for its toasts where it has its own.
   */
  files?: { field: Extract<keyof z.output<S> & keyof z.input<S>, string>; upload: (scope: string, file: File) => Promise<{ publicUrl: string }>; uploaded?: NoInfer<K>; uploadFailed?: NoInfer<K> };
  /** The write from the validated values (and the stored files' URLs); the values themselves without it. */
  toWrite?: (values: z.output<S>, files: string[]) => Write;
  /** Saves a new record in the scope (the tenant id the page reads in). */
  create: (scope: string, write: Write) => Promise<Created>;
  update: (scope: string, id: string, write: Write) => Promise<unknown>;
  /** Where the screen goes after a save: the record page's list unless it says. */
  then?: string;
  /** Where it goes after a create instead, given what `create` answered. */
  thenCreated?: (created: Created) => string;
  /**
   * What the toast says when the server placed its messages on fields: 'Validation failed' (the
   * area's or the kit's), or the save's own failure toast ('Failed to update …') where the spec says so.
   */
  fieldErrorsToast?: 'validation' | 'failed';
}

/** A record form's definition, typed once; `toWrite` may be left out only where the validated values are the write. */
export function defineRecordForm<S extends Schema, K extends string, Row extends { id: string }, Write = z.output<S>, Created = unknown>(
  definition: RecordFormDefinition<S, K, Row, Write, Created> & (z.output<S> extends Write ? unknown : { toWrite: (values: z.output<S>, files: string[]) => Write }),
): RecordFormDefinition<S, K, Row, Write, Created> {
  return definition;
}

/** What the screen adds to a definition where it depends on the screen's own state. */
export interface RecordFormScreen<S extends Schema, K extends string> {
  /** A new record's values (the tenant's unit, a reference read first, the delivery of the route). */
  empty?: DefaultValues<z.input<S>>;
  /** A schema message in the page's language, where the screen's other words take part. */
  translate?: (t: Translate<K | SaveToastKey>, message: string, detail?: SchemaDetail) => string;
}

/**
 * The setup every create/edit record form repeats, from its definition: the area's words (`t`), the
 * form over its schema with the schema's messages in the page's language, and the save
 * (`useRecordSave`) with the area's toasts. `<Form {...formProps}>` stores the files first, if any
 * (a failed upload stops the save), then saves the validated values through `toWrite`.
 * `field('name')` binds a field by name: `<LookupField {...field('warehouse_id')} … />`.
 */
export function useRecordForm<S extends Schema, K extends string, Row extends { id: string }, Write, Created>(
  definition: RecordFormDefinition<S, K, Row, Write, Created>,
  scope: string,
  record: Row | null,
  screen: RecordFormScreen<S, K> = {},
) {
  const { words, schema, messageKeys, values, empty, files, toWrite, create, update, then, thenCreated, fieldErrorsToast = 'validation' } = definition;
  const translate = screen.translate ?? definition.translate;
  const t = useT(words);
  const toasts = useRecordToasts(words);
  const translateMessage = useMemo(() => {
    if (translate) return (message: string, detail?: SchemaDetail) => translate(t, message, detail);
    if (messageKeys) return (message: string) => (messageKeys[message] ? t(messageKeys[message]) : message);
    return undefined;
  }, [translate, messageKeys, t]);
  const defaults = record && values ? values(record) : (screen.empty ?? empty?.());
  const form = useZodForm(schema, { defaultValues: defaults }, translateMessage);
  const editing = record !== null;
  const listPath = useRecordListPath(then);
  const save = useRecordSave<Row, Write, Created>({
    record,
    create: (write) => create(scope, write),
    update: (current, write) => update(scope, current.id, write),
    messages: fieldErrorsToast === 'failed' ? { ...toasts, validation: editing ? toasts.updateFailed : toasts.createFailed } : toasts,
    then: listPath,
    thenCreated,
  });
  const uploadWords = { uploaded: files?.uploaded ? t(files.uploaded) : undefined, uploadFailed: files?.uploadFailed ? t(files.uploadFailed) : undefined };
  const storeFiles = useStoreFiles(form, (files?.field ?? '') as Path<z.input<S>>, (file) => (files ? files.upload(scope, file) : Promise.reject(new Error('No file field'))), uploadWords);
  async function onSubmit(submitted: z.output<S>) {
    const held = files ? (submitted[files.field] as FileValue | FileValue[] | null | undefined) : null;
    const stored = files ? await storeFiles(Array.isArray(held) ? held : held ? [held] : []) : [];
    if (!stored) return;
    // Without `toWrite`, defineRecordForm made sure the values are the write.
    await save.onSubmit(toWrite ? toWrite(submitted, stored) : (submitted as unknown as Write));
  }
  const control = form.control;
  const formProps = { form, onSubmit, onServerError: save.onServerError };
  const field = <N extends FieldPath<z.input<S>>>(name: N) => ({ name, control });
  return { t, form, editing, toasts, save, formProps, field };
}
