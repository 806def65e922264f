import { toCsv } from '../../lib/csv';
import { METHOD_LABELS, type RemittanceRow } from './schema';

export const REMITTANCE_CSV_HEADER = [
  'Reference',
  'Recorded at',
  'Driver',
  'Amount',
  'Expected',
  'Difference',
  'Currency',
  'Method',
  'Deliveries',
  'Discrepancy reason',
  'Note',
  'Recorded by',
] as const;

/** The history's rows as CSV: amounts with 2 decimals, the time in ISO 8601 (UTC), the codes separated by spaces. */
export function remittancesCsv(rows: readonly RemittanceRow[]): string {
  return toCsv(
    REMITTANCE_CSV_HEADER,
    rows.map((r) => [
      r.reference_number,
      new Date(r.recorded_at).toISOString(),
      r.driver_name ?? r.driver_id,
      r.amount.toFixed(2),
      r.expected_amount.toFixed(2),
      ((Math.round(r.amount * 100) - Math.round(r.expected_amount * 100)) / 100).toFixed(2),
      r.currency,
      METHOD_LABELS[r.method],
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
