import { toCsv } from '../../lib/csv';
import type { Translate } from '../../lib/i18n/catalogue';
import type { RemitKey } from './messages';
import type { RemittanceRow } from './schema';
import { englishRemit, METHOD_KEYS } from './words';

/**
 * The export's columns, in order. Their names and the method are in the page's language (a person
 * opens the file in a spreadsheet; nothing names these columns for a machine), while the values stay
 * machine-readable in every language: ISO 8601 times, amounts with a dot and 2 decimals, currency codes.
 */
export const REMITTANCE_CSV_HEADER = [
  'csv.reference',
  'csv.recordedAt',
  'csv.driver',
  'csv.amount',
  'csv.expected',
  'csv.difference',
  'csv.currency',
  'csv.method',
  'csv.deliveries',
  'csv.reason',
  'csv.note',
  'csv.recordedBy',
] as const satisfies readonly RemitKey[];

/** The history's rows as CSV: amounts with 2 decimals, the time in ISO 8601 (UTC), the codes separated by spaces. */
export function remittancesCsv(rows: readonly RemittanceRow[], t: Translate<RemitKey> = englishRemit): string {
  return toCsv(
    REMITTANCE_CSV_HEADER.map((key) => t(key)),
    rows.map((r) => [
      r.reference_number,
      new Date(r.recorded_at).toISOString(),
      r.driver_name ?? r.driver_id,
      r.amount.toFixed(2),
      r.expected_amount.toFixed(2),
      ((Math.round(r.amount * 100) - Math.round(r.expected_amount * 100)) / 100).toFixed(2),
      r.currency,
      t(METHOD_KEYS[r.method]),
      r.delivery_codes.join(' '),
      r.discrepancy_reason ?? '',
      r.note,
      r.recorded_by_name ?? '',
    ]),
  );
}

/** The file's name for a filtered export: remittances[-from][-to].csv */
export function csvFileName(from: string | undefined, to: string | undefined): string {
  return ['remittances', from, to].filter(Boolean).join('_') + '.csv';
}
