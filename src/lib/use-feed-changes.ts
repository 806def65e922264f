import { useEffect, useRef } from 'react';
import { changedSince } from './feed-changes';
import type { LiveSource, Row, Rows } from './realtime';
import { useLiveCollection, type LiveCollection } from './use-live-collection';

/**
 * Listens to a change feed (a LiveSource that starts empty and collects the rows changed while
 * someone listens) and hands each batch of changed rows to `onChanges`; after a reconnect (live again
 * after being offline) calls `onReconnect`, as changes may have been missed.
 */
export function useFeedChanges<T extends Row>(
  feed: LiveSource<T>,
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
