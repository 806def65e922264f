import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { useT, type Catalogue, type Translate } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { saveFailureToasts, type ServerErrorResult } from '../../lib/server-errors';
import { useRecordListPath } from '../record-list';
import { useToast } from '../toast';
import { SubmitButton } from './Form';

/** The spec's toasts of a record's save: success and failure for create and for update. */
export interface RecordSaveMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  /** When the server placed messages on fields; the kit's 'Validation failed' unless the page words it otherwise. */
  validation?: string;
  /** Anything that did not come from the server; the kit's 'An error occurred while submitting the form' unless the page words it otherwise. */
  unknown?: string;
}

/** The keys under which an area's catalogue words its record page's toasts (every record form uses the same). */
export const RECORD_TOAST_KEYS = [
  'toast.created',
  'toast.updated',
  'toast.createFailed',
  'toast.updateFailed',
  'toast.validation',
  'toast.unknown',
  'toast.fetchFailed',
  'toast.notFound',
] as const;
export type RecordToastKey = (typeof RECORD_TOAST_KEYS)[number];

/** A record page's toasts: its save's (for `useRecordSave`) and its load's (for `RecordFormPage`, `StatusRecordPage`). */
export type RecordToasts = RecordSaveMessages & { fetchFailed: string; notFound: string };

/**
 * The save and load toasts of a record page in the page's language, from its area's catalogue. An
 * area that does not word 'toast.validation' or 'toast.unknown' gets the kit's words for them.
 */
export function useRecordToasts(catalogue: Catalogue<Exclude<RecordToastKey, 'toast.validation' | 'toast.unknown'>>): RecordToasts {
  // The area's words, asked by a key the area's catalogue check knows the kit names for it.
  const word = useT(catalogue) as Translate<RecordToastKey>;
  return useMemo(
    () => ({
      created: word('toast.created'),
      updated: word('toast.updated'),
      createFailed: word('toast.createFailed'),
      updateFailed: word('toast.updateFailed'),
      ...('toast.validation' in catalogue.en ? { validation: word('toast.validation') } : {}),
      ...('toast.unknown' in catalogue.en ? { unknown: word('toast.unknown') } : {}),
      fetchFailed: word('toast.fetchFailed'),
      notFound: word('toast.notFound'),
    }),
    [word, catalogue],
  );
}

/** The spec's toasts of a file upload; the kit's words unless the page words them otherwise. */
export interface UploadMessages {
  uploaded?: string;
  uploadFailed?: string;
}

export interface RecordSaveOptions<Row, Values, Created = unknown> {
  /** The record being edited, or null for a new one. */
  record: Row | null;
  create: (values: Values) => Promise<Created>;
  update: (record: Row, values: Values) => Promise<unknown>;
  messages: RecordSaveMessages;
  /** Where the screen goes after a save (the list). */
  then: string;
  /** Where it goes after a create instead, given what `create` answered (e.g. the new record's page). */
  thenCreated?: (created: Created) => string;
}

/**
 * A record form's `onSubmit` and `onServerError` for the kit's `Form`: create or update, the success
 * toast and back to the list; on failure the server's field messages stay on the fields (Form places
 * them) and the toasts say what failed, the server's own words first.
 */
export function useRecordSave<Row, Values, Created = unknown>({ record, create, update, messages, then, thenCreated }: RecordSaveOptions<Row, Values, Created>) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const t = useT(uiMessages);
  async function onSubmit(values: Values) {
    if (record) {
      await update(record, values);
      toast.success(messages.updated);
      navigate(then);
    } else {
      const created = await create(values);
      toast.success(messages.created);
      navigate(thenCreated ? thenCreated(created) : then);
    }
  }
  function onServerError(error: unknown, result: ServerErrorResult) {
    const failed = record ? messages.updateFailed : messages.createFailed;
    const words = { validation: messages.validation ?? t('record.validation'), failed, unknown: messages.unknown ?? t('record.unknown') };
    for (const text of saveFailureToasts(error, result, words)) toast.error(text);
  }
  return { onSubmit, onServerError };
}

/** The end of a record form: save (busy while saving) and Cancel, back to where the form came from (the record page's list unless `cancelTo` says). */
export function FormActions({ submitLabel, cancelTo: given }: { submitLabel: string; cancelTo?: string }) {
  const [, navigate] = useLocation();
  const t = useT(uiMessages);
  const cancelTo = useRecordListPath(given);
  return (
    <div className="flex gap-3">
      <SubmitButton>{submitLabel}</SubmitButton>
      <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => navigate(cancelTo)}>
        {t('cancel')}
      </button>
    </div>
  );
}

/**
 * Stores a FileField's files before the record is saved: a URL it already holds stays as it is, a new
 * file is uploaded (in order). Answers the URLs, or null when an upload failed: the failure is then on
 * the field and in a toast, and the save should stop.
 */
export function useStoreFiles<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'setError'>,
  field: Path<TValues>,
  upload: (file: File) => Promise<{ publicUrl: string }>,
  messages: UploadMessages = {},
) {
  const toast = useToast();
  const t = useT(uiMessages);
  const uploaded = messages.uploaded ?? t('record.uploaded');
  const uploadFailed = messages.uploadFailed ?? t('record.uploadFailed');
  return async function storeFiles(files: readonly (string | File)[]): Promise<string[] | null> {
    const urls: string[] = [];
    let stored = 0;
    for (const file of files) {
      if (typeof file === 'string') {
        urls.push(file);
        continue;
      }
      try {
        urls.push((await upload(file)).publicUrl);
        stored += 1;
      } catch (error) {
        toast.error(uploadFailed);
        form.setError(field, { type: 'server', message: error instanceof Error ? error.message : uploadFailed });
        return null;
      }
    }
    if (stored > 0) toast.success(uploaded);
    return urls;
  };
}
