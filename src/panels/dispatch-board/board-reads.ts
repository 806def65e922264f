import { useRef, useState } from 'react';
import { useRecordLoad } from '../../lib/use-record-load';
import { fetchNames, fetchReference, refusalText } from './api';
import type { BoardReference } from './model';

/**
 * The board's reference data (vehicles, services, zones) and the words of a failed read. Retry keeps
 * what shows (the failure and its Retry, or the data) until its own answer.
 */
export function useBoardReference(tenantId: string): { reference: BoardReference | null; error: string | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const { state } = useRecordLoad<BoardReference>(`${tenantId}#${attempt}`, () => fetchReference(tenantId));
  return {
    reference: state.status === 'ready' ? state.record : null,
    error: state.status === 'failed' ? refusalText(state.error) : null,
    retry: () => setAttempt((n) => n + 1),
  };
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/**
 * Names of the drivers shown (live rows carry ids only), by id: a driver coming on duty is looked up
 * once, a driver with no name reads `unnamed()`. A lookup that fails leaves the names as they were
 * (the next change of drivers asks again); the board shows its fallback meanwhile.
 */
export function useDriverNames(tenantId: string, driverIds: readonly string[], unnamed: () => string): ReadonlyMap<string, string> {
  const ids = [...driverIds].sort().join(',');
  // The names taken so far: a new set of drivers looks up only those not among them.
  const known = useRef<ReadonlyMap<string, string>>(NO_NAMES);
  const { state } = useRecordLoad<ReadonlyMap<string, string>>(
    `${tenantId}/${ids}`,
    async () => {
      const names = known.current;
      const missing = ids.split(',').filter((id) => id && !names.has(id));
      if (missing.length === 0) return names;
      const found = await fetchNames(tenantId, missing).catch(() => null);
      if (!found) return names;
      const next = new Map(names);
      for (const id of missing) next.set(id, found.get(id) ?? unnamed());
      return next;
    },
    {
      initial: { status: 'ready', record: NO_NAMES },
      onLoad: (names) => {
        if (names) known.current = names;
      },
    },
  );
  return state.status === 'ready' ? state.record : NO_NAMES;
}
