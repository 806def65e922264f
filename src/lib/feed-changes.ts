import type { Row, Rows } from './realtime';

/** The rows of a change feed that changed since the last call (by identity: each broadcast is a new object). */
export function changedSince<T extends Row>(previous: Rows<T> | null, next: Rows<T>): T[] {
  if (!previous) return [...next.values()];
  const changed: T[] = [];
  for (const [id, row] of next) if (previous.get(id) !== row) changed.push(row);
  return changed;
}

/** The ids deleted since the last call: in `next` (a topic's deleted ids) and not in `previous`. */
export function deletedSince(previous: ReadonlySet<string>, next: ReadonlySet<string>): string[] {
  return [...next].filter((id) => !previous.has(id));
}
