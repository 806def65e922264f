import { useEffect, useRef } from 'react';
import type { Row, Rows } from '../../lib/realtime';
import { changedSince } from './changes';
import { useLiveCollection, type LiveCollection } from '../../lib/use-live-collection';

/**
 * Listens to a change feed (atoms.ts) and hands each batch of changed rows to `onChanges`; after a
 * reconnect (live again after being offline) calls `onReconnect`, as changes may have been missed.
 */
export function useFeedChanges<T extends Row>(
  feed: Parameters<typeof useLiveCollection<T>>[0],
  tenantId: string,
  onChanges: (rows: T[]) => void,
  onReconnect: () => void,
): LiveCollection<T> {
  const live = useLiveCollection(feed, tenantId);
  const previous = useRef<Rows<T> | null>(null);
  const phase = useRef<'never' | 'live' | 'dropped'>('never');
  const handlers = useRef({ onChanges, onReconnect });
  useEffect(() => {
    handlers.current = { onChanges, onReconnect };
  });

  useEffect(() => {
    const before = previous.current;
    previous.current = live.rows;
    if (!before || before === live.rows) return;
    const changed = changedSince(before, live.rows);
    if (changed.length > 0) handlers.current.onChanges(changed);
  }, [live.rows]);

  useEffect(() => {
    if (live.state === 'live') {
      if (phase.current === 'dropped') handlers.current.onReconnect();
      phase.current = 'live';
    } else if (live.state === 'offline' && phase.current === 'live') {
      phase.current = 'dropped';
    }
  }, [live.state]);

  return live;
}
