import { createContext, use } from 'react';

/** The list a record page belongs to (its `listPath`), for the form it shows: where a save and Cancel go back to. */
export const RecordListContext = createContext<string | null>(null);

/** The path given, else the surrounding record page's list; a form outside a record page must name it. */
export function useRecordListPath(given?: string): string {
  const listPath = use(RecordListContext);
  const path = given ?? listPath;
  if (path === null) throw new Error('A record form outside RecordFormPage or StatusRecordPage names where it goes back to');
  return path;
}
