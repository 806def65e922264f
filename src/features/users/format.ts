const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A timestamp as a date people read ('Nov 25, 2026'); '—' when absent or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value);
  return Number.isNaN(time) ? '—' : date.format(time);
}
