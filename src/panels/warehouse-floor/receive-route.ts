import type { FloorReceiveLine, ScannedBin } from './api';

/** The lines still to receive, in the order's own order, leaving out those skipped in this visit. */
export function openReceiveLines(lines: readonly FloorReceiveLine[], skipped: ReadonlySet<string>): FloorReceiveLine[] {
  return lines.filter((line) => line.received_quantity < line.expected_quantity && !skipped.has(line.id));
}

/** Why a scanned code cannot take the goods: a key of the floor's catalogue and its values. */
export type BinScanProblem =
  | { key: 'problem.noBin'; values: { code: string } }
  | { key: 'problem.binElsewhere'; values: { code: string; warehouse: string; here: string } }
  | { key: 'problem.binElsewhereUnknown'; values: { code: string; here: string } }
  | { key: 'problem.notBin'; values: { code: string } }
  | { key: 'problem.binInactive'; values: { code: string } };

/**
 * What a scanned bin code names for an order of `warehouseId`: the bin to receive into, or why it
 * cannot be (no such code, a location of another warehouse, not a bin, not active), said in the
 * screen's language. The database refuses the same bins; saying it here keeps the scan from reaching it.
 */
export function binScanProblem(
  code: string,
  warehouseId: string,
  warehouseName: string,
  found: readonly ScannedBin[],
): { bin: { id: string; code: string } } | { problem: BinScanProblem } {
  const shown = code.trim().toUpperCase();
  const here = found.find((location) => location.warehouse_id === warehouseId);
  if (!here) {
    const elsewhere = found[0];
    if (!elsewhere) return { problem: { key: 'problem.noBin', values: { code: shown } } };
    const warehouse = elsewhere.warehouse?.name;
    return warehouse
      ? { problem: { key: 'problem.binElsewhere', values: { code: shown, warehouse, here: warehouseName } } }
      : { problem: { key: 'problem.binElsewhereUnknown', values: { code: shown, here: warehouseName } } };
  }
  if (here.location_type !== 'bin') return { problem: { key: 'problem.notBin', values: { code: shown } } };
  if (here.status !== 'active') return { problem: { key: 'problem.binInactive', values: { code: shown } } };
  return { bin: { id: here.id, code: here.code } };
}
