import { EdgeFunctionError } from './edge-functions';

/** What an area rewords: a refusal or one of its field details (a stable key, its values, the English message). */
export interface RefusalItem {
  key?: string | null;
  message: string;
  params?: Record<string, unknown>;
}

/**
 * An edge function's refusal with its message and each field detail reworded by `words` (the page's
 * language), its status, code and key kept, so a form still places the details; any other error as
 * it came.
 */
export function rewordedRefusal(error: unknown, words: (item: RefusalItem) => string): unknown {
  if (!(error instanceof EdgeFunctionError)) return error;
  return new EdgeFunctionError(words(error), {
    status: error.status,
    code: error.code,
    key: error.key,
    ...(error.details ? { details: error.details.map((detail) => ({ ...detail, message: words(detail) })) } : {}),
  });
}
