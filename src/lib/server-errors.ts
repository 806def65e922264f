/**
 * Server-side validation errors, mapped onto a form's fields.
 *
 * The convention every backend of ours follows (ARCHITECTURE.md, "Writes"):
 *
 * - A database function or trigger refuses a write with
 *     raise exception using errcode = 'P0001', message = 'Validation failed',
 *       detail = '[{"field":"name","message":"Name is required!"}]';
 *   PostgREST answers `{code: 'P0001', message: 'Validation failed', details: '<that JSON>', hint: null}`,
 *   which supabase-js hands back as `error`. `details` is read first, then `hint`, then `message`.
 * - An edge function or RPC that answers with a body answers `{details: [{field, message}]}` (or
 *   `{errors: [...]}`), optionally with a top-level `message`; a bare array is accepted too.
 * - A plain constraint still lands on its field: 23505 (unique) on the columns of
 *   `Key (a, b)=(...) already exists`, 23514 (check) on the column its name carries by the
 *   `<table>_<column>_check` convention, 23502 (not null) on the column named in the message.
 *
 * Field names are the form's own paths (`name`, `items.0.bin_id`; `items[0].bin_id` is accepted).
 *
 * Keys: a detail may carry a stable `key` (and `params`) beside its English `message`, and an edge
 * function's error a top-level `key` (supabase/README.md, "Refusals and their keys"). With
 * `translate` (the server catalogue's `useServerWords()`; the kit's Form passes it) a known key is
 * shown in the user's language; an unknown or absent key shows the server's English.
 */

export interface ServerFieldError {
  field: string;
  message: string;
  /** The refusal's stable key, when the server gave one. */
  key?: string;
  /** The values its words name. */
  params?: Record<string, unknown>;
}

/** A key (and its params) in the user's language, or undefined when unknown (the English is shown). */
export type ServerKeyWords = (key: string, params?: Record<string, unknown>) => string | undefined;

export interface ServerErrorResult {
  /** Fields that received an error, in the order the server gave them. */
  applied: string[];
  /** What no field could show, for one toast; null when every error landed on a field. */
  unmatched: string | null;
}

export interface ServerErrorMessages {
  /** Shown under a field a unique constraint refused. */
  unique?: string;
  /** Shown under a field a check constraint refused. */
  check?: string;
  /** Shown under a field a not-null constraint refused. */
  required?: string;
  /** The toast when the error carries no readable message at all. */
  fallback?: string;
  /** Keyed refusals in the user's language (server-messages' useServerWords). */
  translate?: ServerKeyWords;
}

export const DEFAULT_SERVER_MESSAGES: Required<Omit<ServerErrorMessages, 'translate'>> = {
  unique: 'This value is already in use',
  check: 'This value is not allowed',
  required: 'This field is required',
  fallback: 'An error occurred while submitting the form',
};

/** react-hook-form's setError, narrowed to what is used here so any form's setError fits. */
export type SetServerError = (name: never, error: { type: string; message: string }, options?: { shouldFocus?: boolean }) => void;

type Parsed = { details: ServerFieldError[]; message: string | null };
type Resolved = typeof DEFAULT_SERVER_MESSAGES & { translate?: ServerKeyWords };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asFieldErrors(value: unknown): ServerFieldError[] | null {
  if (!Array.isArray(value)) return null;
  const list: ServerFieldError[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.message !== 'string') return null;
    list.push({
      field: typeof item.field === 'string' ? item.field : '',
      message: item.message,
      ...(typeof item.key === 'string' ? { key: item.key } : {}),
      ...(isRecord(item.params) ? { params: item.params } : {}),
    });
  }
  return list;
}

/** `[{...}]`, `{details: [...]}`, `{errors: [...]}` as a value or as JSON text. */
function fieldErrorsIn(value: unknown): ServerFieldError[] | null {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('[') && !text.startsWith('{')) return null;
    try {
      return fieldErrorsIn(JSON.parse(text));
    } catch {
      return null;
    }
  }
  const list = asFieldErrors(value);
  if (list) return list;
  if (isRecord(value)) return asFieldErrors(value.details) ?? asFieldErrors(value.errors);
  return null;
}

function messageOf(value: unknown, translate?: ServerKeyWords): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (isRecord(value) && typeof value.message === 'string') {
    const keyed = typeof value.key === 'string' && translate ? translate(value.key, isRecord(value.params) ? value.params : undefined) : undefined;
    return keyed ?? (value.message.trim() || null);
  }
  return null;
}

/** A detail's words: its key in the user's language, else its English. */
export function detailWords(detail: ServerFieldError, translate?: ServerKeyWords): string {
  return (detail.key && translate?.(detail.key, detail.params)) || detail.message;
}

function constraintColumns(error: Record<string, unknown>, knownFields: readonly string[], messages: Resolved): Parsed | null {
  const code = typeof error.code === 'string' ? error.code : '';
  const text = [error.message, error.details, error.hint].filter((part): part is string => typeof part === 'string').join('\n');
  const constraint = /constraint "([^"]+)"/.exec(text)?.[1] ?? null;
  const byConstraintName = (suffix: string) =>
    constraint
      ? [...knownFields].sort((a, b) => b.length - a.length).filter((field) => constraint.endsWith(`_${field.replaceAll('.', '_')}${suffix}`)).slice(0, 1)
      : [];

  let fields: string[];
  let fieldMessage: string;
  if (code === '23505') {
    const keyColumns = /Key \(([^)]+)\)=/.exec(text)?.[1];
    fields = keyColumns ? keyColumns.split(',').map((column) => column.trim().replace(/^"|"$/g, '')) : byConstraintName('_key');
    fieldMessage = messages.unique;
  } else if (code === '23514') {
    fields = byConstraintName('_check');
    fieldMessage = messages.check;
  } else if (code === '23502') {
    const column = /column "([^"]+)"/.exec(text)?.[1];
    fields = column ? [column] : [];
    fieldMessage = messages.required;
  } else {
    return null;
  }
  const known = fields.filter((field) => knownFields.includes(field));
  if (known.length === 0) return { details: [], message: messageOf(error, messages.translate) };
  return { details: known.map((field) => ({ field, message: fieldMessage })), message: null };
}

function parse(error: unknown, knownFields: readonly string[], messages: Resolved): Parsed {
  const direct = fieldErrorsIn(error);
  if (direct) return { details: direct, message: isRecord(error) ? messageOf(error, messages.translate) : null };
  if (!isRecord(error)) return { details: [], message: messageOf(error, messages.translate) };
  // An edge function's body: {error: {...}}.
  if (isRecord(error.error)) return parse(error.error, knownFields, messages);
  for (const key of ['details', 'hint', 'message'] as const) {
    const details = fieldErrorsIn(error[key]);
    if (details) return { details, message: key === 'message' ? null : messageOf(error, messages.translate) };
  }
  return constraintColumns(error, knownFields, messages) ?? { details: [], message: messageOf(error, messages.translate) };
}

/** `items[0].bin_id` -> `items.0.bin_id`, the path react-hook-form uses. */
const normalizeField = (field: string) => field.replace(/\[(\d+)\]/g, '.$1').trim();

/**
 * Puts each server error whose field the form shows under that field (the first one gets focus)
 * and returns the rest as one message for a toast.
 */
export function applyServerErrors(
  error: unknown,
  setError: SetServerError,
  knownFields: Iterable<string>,
  options: ServerErrorMessages = {},
): ServerErrorResult {
  const messages: Resolved = { ...DEFAULT_SERVER_MESSAGES, ...options };
  const known = [...knownFields];
  const { details, message } = parse(error, known, messages);
  const applied: string[] = [];
  const leftOver: string[] = [];
  for (const detail of details) {
    const field = normalizeField(detail.field);
    if (known.includes(field)) {
      if (applied.includes(field)) continue;
      setError(field as never, { type: 'server', message: detailWords(detail, messages.translate) }, { shouldFocus: applied.length === 0 });
      applied.push(field);
    } else {
      const words = detailWords(detail, messages.translate);
      if (!leftOver.includes(words)) leftOver.push(words);
    }
  }
  if (leftOver.length > 0) return { applied, unmatched: leftOver.join('\n') };
  if (details.length > 0 && applied.length > 0) return { applied, unmatched: null };
  return { applied, unmatched: message ?? messages.fallback };
}

export interface SaveFailureTexts {
  /** When the server's details landed on fields (spec: 'Validation failed'). */
  validation: string;
  /** A refusal from the server (PostgREST answers with a code) that no field can show. */
  failed: string;
  /** Anything else: the network, a crash. */
  unknown: string;
}

/** The toasts a form shows after a failed save, in order, given what applyServerErrors placed on fields. */
export function saveFailureToasts(error: unknown, result: ServerErrorResult, texts: SaveFailureTexts): string[] {
  if (result.applied.length > 0) return result.unmatched ? [texts.validation, result.unmatched] : [texts.validation];
  const fromServer = typeof error === 'object' && error !== null && 'code' in error;
  return [fromServer ? texts.failed : texts.unknown];
}
