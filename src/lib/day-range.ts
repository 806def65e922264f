/**
 * The start of a local day ('YYYY-MM-DD'), or with `endOfDay` the start of the next one, as an
 * instant: a list's date-range filter is `created_at >= from` and `created_at < to (end of day)`.
 */
export function dayBoundary(day: string, endOfDay = false): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + (endOfDay ? 1 : 0)).toISOString();
}
