import { supabase } from './supabase';

/** What a failed call says when the server gave no words of its own. */
export const GENERIC_FAILURE = 'Something went wrong!';

/** One problem of a refusal: its field (if any), English words, and stable key with the values its words name. */
export interface EdgeFunctionProblem {
  field: string;
  message: string;
  key?: string;
  params?: Record<string, unknown>;
}

/**
 * An edge function's refusal: the body's `{error: {code, key?, message, params?, details?}}` as an Error, so
 * a toast shows `message` (or `key` in the user's language: refusal-text.ts) and a form puts
 * `details` ([{field, key, message}]) under its fields (src/lib/server-errors.ts reads them from it).
 */
export class EdgeFunctionError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly key: string | null;
  /** The values the key's words name (`{max_mb: 3}`). */
  readonly params: Record<string, unknown> | undefined;
  readonly details: EdgeFunctionProblem[] | undefined;

  constructor(
    message: string,
    options: { status?: number | null; code?: string | null; key?: string | null; params?: Record<string, unknown>; details?: EdgeFunctionProblem[] } = {},
  ) {
    super(message);
    this.name = 'EdgeFunctionError';
    this.status = options.status ?? null;
    this.code = options.code ?? null;
    this.key = options.key ?? null;
    this.params = options.params;
    this.details = options.details;
  }
}

interface ErrorBody {
  error?: { code?: unknown; key?: unknown; message?: unknown; params?: unknown; details?: unknown } | string;
  message?: unknown;
  code?: unknown;
  key?: unknown;
}

/** Reads supabase-js's FunctionsHttpError (its `context` is the Response) into an EdgeFunctionError. */
export async function edgeFunctionError(error: unknown, fallback = GENERIC_FAILURE): Promise<EdgeFunctionError> {
  const context = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) return new EdgeFunctionError(fallback);
  let body: ErrorBody;
  try {
    body = (await context.clone().json()) as ErrorBody;
  } catch {
    return new EdgeFunctionError(fallback, { status: context.status });
  }
  const inner = typeof body.error === 'object' && body.error !== null ? body.error : null;
  const message = typeof body.error === 'string' ? body.error : typeof inner?.message === 'string' ? inner.message : typeof body.message === 'string' ? body.message : fallback;
  const code = typeof inner?.code === 'string' ? inner.code : typeof body.code === 'string' ? body.code : null;
  const key = typeof inner?.key === 'string' ? inner.key : typeof body.key === 'string' ? body.key : null;
  const details = Array.isArray(inner?.details) ? (inner.details as EdgeFunctionProblem[]) : undefined;
  const params = typeof inner?.params === 'object' && inner.params !== null && !Array.isArray(inner.params) ? (inner.params as Record<string, unknown>) : undefined;
  return new EdgeFunctionError(message, { status: context.status, code, key, ...(params ? { params } : {}), ...(details ? { details } : {}) });
}

/** A name the upload path accepts: letters, digits, '.', '_' and '-', not starting with a dot. */
export function safeFileName(name: string, fallback = 'file'): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return (cleaned || fallback).slice(-120);
}

export interface UploadedFile {
  publicUrl: string;
  path: string | null;
  message: string | null;
}

/**
 * POST upload-file, multipart with file, bucket (tenants), path
 * ({tenantId}/{filename}) and the form's kind (its types and size, checked by the function).
 */
export async function uploadFile(tenantId: string, file: File, kind: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  body.append('bucket', 'tenants');
  body.append('path', `${tenantId}/${safeFileName(file.name)}`);
  body.append('kind', kind);
  const { data, error } = await supabase.functions.invoke<{ data?: { fileInfo?: { publicUrl?: string; path?: string }; message?: string } }>('upload-file', { body });
  if (error) throw await edgeFunctionError(error, 'Error uploading file');
  const info = data?.data?.fileInfo;
  if (!info?.publicUrl) throw new EdgeFunctionError('Invalid response from server');
  return { publicUrl: info.publicUrl, path: info.path ?? null, message: data?.data?.message ?? null };
}
