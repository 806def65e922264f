/** The look of a text, number, date or select control in a filter drawer. */
export const filterInputClassName =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** A typed bound as a filter keeps it: a whole number of 0 or more, undefined when blank. */
export function wholeNumberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Math.trunc(Number(text));
  return Number.isFinite(value) ? Math.max(0, value) : undefined;
}
