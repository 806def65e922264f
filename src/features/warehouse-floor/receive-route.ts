import type { FloorReceiveLine, ScannedBin } from './api';

/** The lines still to receive, in the order's own order, leaving out those skipped in this visit. */
export function openReceiveLines(lines: readonly FloorReceiveLine[], skipped: ReadonlySet<string>): FloorReceiveLine[] {
  return lines.filter((line) => line.received_quantity < line.expected_quantity && !skipped.has(line.id));
}

/**
 * What a scanned bin code names for an order of `warehouseId`: the bin to receive into, or why it
 * cannot be (no such code, a location of another warehouse, not a bin, not active). The database
 * refuses the same bins; saying it here keeps the scan from reaching it.
 */
export function binScanProblem(
  code: string,
  warehouseId: string,
  warehouseName: string,
  found: readonly ScannedBin[],
): { bin: { id: string; code: string } } | { problem: string } {
  const shown = code.trim().toUpperCase();
  const here = found.find((location) => location.warehouse_id === warehouseId);
  if (!here) {
    const elsewhere = found[0];
    return elsewhere
      ? { problem: `Bin ${shown} is in ${elsewhere.warehouse?.name ?? 'another warehouse'}, not ${warehouseName}` }
      : { problem: `No bin has the code ${shown}` };
  }
  if (here.location_type !== 'bin') return { problem: `${shown} is not a bin: scan a bin's label` };
  if (here.status !== 'active') return { problem: `Bin ${shown} is not active: choose another bin` };
  return { bin: { id: here.id, code: here.code } };
}
