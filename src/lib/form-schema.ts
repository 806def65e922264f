import { z } from 'zod';

/** Any uuid shape (the database's own ids), not only RFC versions. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A required text: blank says `message`, longer than `max` says so. */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    // No abort: an explicitly aborted field would also stop the form-wide rules (`when`) from running.
    .refine((value) => value.trim().length > 0, { message })
    .refine((value) => value.length <= max, { message: `Must be at most ${max} characters` });

/** An optional text of at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

/** A required number of at least 0. */
export const nonNegative = (message: string) =>
  z.number({ error: message }).refine((value) => Number.isFinite(value) && value >= 0, { message });

/** A stored value when it is one of `values` (a form's select), else `fallback`. */
export const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
