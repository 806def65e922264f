import { z } from 'zod';

/** Any uuid shape (the database's own ids), not only RFC versions. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** The database's own email test (its checks of addresses, suppliers, people): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Today as YYYY-MM-DD in the browser's time zone: a date input's value, and what a "not before today" rule compares with. */
export function today(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DDTHH:mm' of a datetime-local input, in the browser's zone; '' when empty or not a time. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO timestamp of a datetime-local value; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A required text: blank says `message`, longer than `max` says so (with `params.maxLength`, for a translator). */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    // No abort: an explicitly aborted field would also stop the form-wide rules (`when`) from running.
    .refine((value) => value.trim().length > 0, { message })
    .refine((value) => value.length <= max, { message: `Must be at most ${max} characters`, params: { maxLength: max } });

/** An optional text of at most `max` characters (its issue's `maximum` is the number a translator words). */
export const optionalText = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

/** A required number of at least 0. */
export const nonNegative = (message: string) =>
  z.number({ error: message }).refine((value) => Number.isFinite(value) && value >= 0, { message });

/** A stored value when it is one of `values` (a form's select), else `fallback`. */
export const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** An id a lookup or a select chose: none (null, '') says `message`. */
export const requiredId = (message: string) => z.string({ error: message }).min(1, message);

/** A required number from `min` to `max`: none says `required`, one outside says `range`. */
export const numberFrom = (min: number, max: number, required: string, range: string) =>
  z.number({ error: required }).refine((value) => Number.isFinite(value) && value >= min && value <= max, { message: range });

/**
 * The rule that the number at `high` is not below the one at `low` (a max against its min), said on
 * `high`: spread into an object schema's `.refine(...)`. It is checked as soon as both are numbers,
 * even while other fields are still wrong (zod skips an object's refinements then, unless `when`).
 */
export function notBelow<K extends string>(
  low: K,
  high: K,
  message: string,
): [(values: Record<K, number>) => boolean, { path: K[]; message: string; when: (payload: z.core.ParsePayload) => boolean }] {
  const when = (payload: z.core.ParsePayload) => {
    const values = payload.value as Partial<Record<K, unknown>> | null;
    return Number.isFinite(values?.[low]) && Number.isFinite(values?.[high]);
  };
  return [(values) => values[high] >= values[low], { path: [high], message, when }];
}
