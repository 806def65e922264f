import type { FloorPick } from './api';

/** A scanned code against what the line expects: codes compare without case or surrounding spaces. */
export function sameCode(scanned: string, expected: string | null | undefined): boolean {
  return !!expected && scanned.trim().toUpperCase() === expected.trim().toUpperCase();
}

/**
 * The lines still to pick, in location-code order (one walk through the bins): not fully picked,
 * not skipped, and not closed short in this visit.
 */
export function openLines(pick: FloorPick, done: ReadonlySet<number>): number[] {
  return pick.items
    .map((item, index) => ({ item, index }))
    .filter(({ item, index }) => item.picked_quantity < item.quantity && item.status !== 'partially_picked' && !done.has(index))
    .sort((a, b) => (a.item.bin_name ?? '').localeCompare(b.item.bin_name ?? '') || a.index - b.index)
    .map(({ index }) => index);
}
