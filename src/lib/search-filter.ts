/**
 * Free-text search through PostgREST's filters. A user's words go into an `or=(…)` filter of
 * `ilike` patterns, where `,` `(` `)` `"` `:` and `\` are syntax and `%` `*` are wildcards: they
 * are searched as plain text without them, so any input reads as words and never as a filter.
 */

/** The user's text without the characters PostgREST would read as syntax or wildcards; '' when nothing is left. */
export function searchTerm(q: string): string {
  return q.replace(/[%*,()"\\:]/g, ' ').trim();
}

/**
 * The `or=(…)` filter matching the text anywhere in any of the columns (case-insensitive), or null
 * when nothing searchable is left.
 */
export function ilikeAny(columns: readonly string[], q: string): string | null {
  const term = searchTerm(q);
  if (!term || columns.length === 0) return null;
  return columns.map((column) => `${column}.ilike.*${term}*`).join(',');
}

/** The query narrowed to rows matching the text in any of the columns; unchanged when nothing searchable was typed. */
export function withSearch<Q extends { or(filters: string): Q }>(query: Q, columns: readonly string[], q: string): Q {
  const filter = ilikeAny(columns, q);
  return filter ? query.or(filter) : query;
}
