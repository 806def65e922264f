import { useEffect, useRef } from 'react';
import { changedSince, deletedSince } from './feed-changes';
import type { LiveSource, Row, Rows } from './realtime';
import { useLiveCollection, type LiveCollection } from './use-live-collection';

/**
 * Listens to a change feed (a LiveSource that starts empty and collects the rows changed while
 * someone listens) and hands each batch of changed rows to `onChanges`; after a reconnect (live again
 * after being offline) calls `onReconnect`, as changes may have been missed. With `onDeleted`, the ids
 * the database deleted meanwhile are handed to it, whether or not the feed carried those rows (a
 * delete names only the id, and a feed holds only rows changed while it listened).
 */
export function useFeedChanges<T extends Row>(
  feed: LiveSource<T>,
  tenantId: string,
  onChanges: (rows: T[]) => void,
  onReconnect: () => void,
  onDeleted?: (ids: string[]) => void,
): LiveCollection<T> {
  const live = useLiveCollection(feed, tenantId);
  const previous = useRef<Rows<T> | null>(null);
  const previousDeleted = useRef<ReadonlySet<string> | null>(null);
  const phase = useRef<'never' | 'live' | 'dropped'>('never');
  const handlers = useRef({ onChanges, onReconnect, onDeleted });
  useEffect(() => {
    handlers.current = { onChanges, onReconnect, onDeleted };
  });

  useEffect(() => {
    const before = previous.current;
    previous.current = live.rows;
    if (!before || before === live.rows) return;
    const changed = changedSince(before, live.rows);
    if (changed.length > 0) handlers.current.onChanges(changed);
  }, [live.rows]);

  // The ids deleted before this screen listened (a topic that lingered) are not news: the first set is the baseline.
  useEffect(() => {
    const before = previousDeleted.current;
    previousDeleted.current = live.deleted;
    if (!before || before === live.deleted) return;
    const ids = deletedSince(before, live.deleted);
    if (ids.length > 0) handlers.current.onDeleted?.(ids);
  }, [live.deleted]);

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
