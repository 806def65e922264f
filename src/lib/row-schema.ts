import { z } from 'zod';

/**
 * The column kinds of the rows the app reads (tables, views, RPC answers, live broadcasts), for the
 * features' zod row schemas: each says once how PostgREST answers that kind of column, so a row
 * schema reads as its columns and their kinds. They parse exactly as the zod they name.
 */

/** A text column that may be null; uuid, date and timestamp columns come as text too. */
export const nullableText = z.string().nullable();

/** A numeric column: PostgREST answers `numeric` as text (to keep its precision), read here as a number. */
export const numeric = z.coerce.number();
export const nullableNumeric = z.coerce.number().nullable();

/** The bookkeeping columns of a tenant-owned table: spread first into its row schema. */
export const tenantRecord = {
  id: z.string(),
  tenant_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A stock's lot and serial (stock balances, ledger lines, receive and count lines). */
export const lotAndSerial = {
  lot_number: nullableText,
  serial_number: nullableText,
};

/** A joined row named by its code and name (a warehouse, a zone). */
export const codedNameSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** One move of a record's state machine as its history table keeps it (the kit's StatusHistoryEntry). */
export const statusHistoryEntrySchema = z.object({
  id: z.string(),
  from_status: nullableText,
  status: z.string(),
  note: nullableText,
  actor_name: nullableText,
  occurred_at: z.string(),
});
